// swift-tools-version: 6.0
import PackageDescription

// The README's StorefrontTesting example as a package of its own that depends on this
// repository by path, as a user's would; ExamplePackageTests builds it and runs its tests.
let package = Package(
    name: "ShopSnapshots",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Storefront", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "ShopSnapshotsTests",
            dependencies: [
                .product(name: "CatalogLayouts", package: "Storefront"),
                .product(name: "LocalStore", package: "Storefront"),
                .product(name: "StoreCatalog", package: "Storefront"),
                .product(name: "StorefrontModel", package: "Storefront"),
                .product(name: "StorefrontTesting", package: "Storefront"),
                .product(name: "TerminalUI", package: "Storefront"),
            ],
            // The catalog (a link to the repository's Backyard Birds) and the recordings are data.
            exclude: ["MyApp.storekit", "__Snapshots__"]
        ),
    ]
)
