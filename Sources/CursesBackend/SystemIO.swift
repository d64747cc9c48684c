#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's read and write, for types whose own `read` or `write` would shadow them.
// Each system names its module, so the qualified call has a branch per system.

/// `read(2)` on `descriptor` into `buffer`: the bytes read, 0 at end of file, -1 on error.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer.baseAddress, buffer.count)
    #else
    Darwin.read(descriptor, buffer.baseAddress, buffer.count)
    #endif
}

/// `write(2)` of `buffer` to `descriptor`: the bytes written, or -1 on error.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer.baseAddress, buffer.count)
    #else
    Darwin.write(descriptor, buffer.baseAddress, buffer.count)
    #endif
}
