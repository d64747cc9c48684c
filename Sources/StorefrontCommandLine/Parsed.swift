import ArgumentParser

/// A value one command-line argument spells, read with the reason a bad one is refused.
///
/// The error thrown is what the user sees, as one "storefront: …" line: a `ValidationError`
/// (from a `validate()`, exit 64) or a `CommandFailure` (from `run()`, with its code). A type
/// taken by one option names that option in its errors; one several options take names the
/// value alone, and its options read it with `get(option:)`.
package protocol CommandLineValue: Sendable {
    init(commandLine argument: String) throws
}

/// An option or argument typed as `Value`, read once, as the command line is parsed.
///
/// A value that does not read is kept with its error rather than failing the parse: there
/// ArgumentParser would report it in its own words ("The value 'x' is invalid for …").
/// `get()` throws that error where the command first uses the value, so the message and the
/// exit code stay the command's own.
///
/// ```swift
/// @Option var size = Parsed(TerminalSize(width: 80, height: 24))
/// func run() throws { let screen = try size.get() }   // storefront: bad size "80x2x": …
/// ```
package struct Parsed<Value: CommandLineValue>: ExpressibleByArgument, Sendable {
    private let result: Result<Value, any Error>
    /// The argument as the user wrote it, to hand the option on to another command
    /// (a default value: as `Value` describes itself).
    package let argument: String

    /// A default value, shown in `--help` as `Value` describes itself.
    package init(_ value: Value) {
        result = .success(value)
        argument = String(describing: value)
    }

    /// Always succeeds: a bad argument's error waits for `get()`.
    package init(argument: String) {
        result = Result { try Value(commandLine: argument) }
        self.argument = argument
    }

    /// The value, or the error that refused the argument.
    package func get() throws -> Value {
        try result.get()
    }

    /// The value, or the error that refused the argument prefixed with `option`, for a
    /// value type several options take: `--idle "banana" is not a time like 90s, 10m or 1h.`
    package func get(option: String) throws -> Value {
        do {
            return try get()
        } catch {
            throw ValidationError("\(option) \(error)")
        }
    }

    package var defaultValueDescription: String {
        (try? result.get()).map { String(describing: $0) } ?? ""
    }
}
