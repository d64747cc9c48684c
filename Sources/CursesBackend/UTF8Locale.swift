#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets the process locale from the environment, as ncursesw requires before it starts,
/// once per process. If that locale is not UTF-8 (LANG unset in a container or an ssh
/// session), the character type falls back to C.UTF-8 so wide characters still work:
/// every terminal Storefront targets speaks UTF-8.
let utf8LocaleReady: Bool = {
    setlocale(LC_ALL, "")
    if codesetIsUTF8() { return true }
    return setlocale(LC_CTYPE, "C.UTF-8") != nil && codesetIsUTF8()
}()

private func codesetIsUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
}
