/// The app the server answers for: the bundle ID every token must name and every payload
/// carries, and the environment payloads say they come from.
///
/// ```swift
/// let app = ServedApp(bundleID: "com.example.birds")
/// print(app.environment)   // LocalTesting
/// ```
public struct ServedApp: Sendable, Hashable {
    public let bundleID: String
    /// Apple's `environment` value; `LocalTesting` is the one Apple's libraries decode
    /// without a certificate chain.
    public let environment: String

    public init(bundleID: String, environment: String = "LocalTesting") {
        self.bundleID = bundleID
        self.environment = environment
    }
}
