import StoreServerAPI
import StorefrontCommandLine
import StorefrontSSH

// The servers' errors reach `runReportingFailures()` as they were thrown: a key, key file,
// host key or address the server cannot use, each with its sysexits code.
extension SSHServeError: ExitCodeError {}
extension APIKeyError: ExitCodeError {}
