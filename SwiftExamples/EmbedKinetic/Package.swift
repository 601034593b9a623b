// swift-tools-version:6.0
// A Swift program that hosts Kinetic (docs/embedding.md): `basketball-host` plays a Lua level and draws
// it; `falling-boxes` uses the UIKit Dynamics engine alone, with no Lua, Cairo or SDL2.
import PackageDescription

let package = Package(
    name: "EmbedKinetic",
    dependencies: [
        // A program outside this repository writes `.package(url: "<the repository's URL>", branch: "main")`.
        .package(name: "Kinetic", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "basketball-host", dependencies: [.product(name: "KineticKit", package: "Kinetic")],
                          path: "Sources/BasketballHost"),
        .executableTarget(name: "falling-boxes", dependencies: [.product(name: "KineticDynamics", package: "Kinetic")],
                          path: "Sources/FallingBoxes"),
    ]
)
