import StorefrontCommandLine
import StorefrontSSH

// The servers' errors reach `runReportingFailures()` as they were thrown: a key, key file,
// host key or address the server cannot use (an API key file's errors conform in
// StorefrontCommandLine, as every store command reads that file), each with its sysexits code.
extension SSHServeError: ExitCodeError {}
