/// What `storefront --version` and `storefront-serve --version` print: the package's
/// version and the commit it was built from (`BuildCommit` plugin).
///
/// ```swift
/// print(StorefrontVersion.description)  // 0.3.0 (5bd6eed1a2b3)
/// ```
package enum StorefrontVersion {
    /// The package's version: the third wave of the storefront.
    package static let number = "0.3.0"

    package static var description: String { "\(number) (\(buildCommit))" }
}
