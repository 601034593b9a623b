// swift-tools-version:6.0
// Kinetic: a 2D physics runtime that reproduces UIKit Dynamics on Linux, driven by Lua 5.4 levels.
//
// Layers (each imports only those above it in this list): KineticGeometry → KineticPhysics →
// KineticDynamics → CKineticLua → KineticScene → KineticLuaBridge → KineticLua → KineticPlayer →
// KineticRender/KineticViewer → kinetic. See docs/architecture.md. Every module name carries the
// project's name so none clashes with a module of the package that depends on Kinetic.
//
// Build settings:
//   -DKINETIC_VALIDATE   compiles the engine's invariant validators (slow; for debugging the solver),
//                        e.g. `swift build -Xswiftc -DKINETIC_VALIDATE`.
import PackageDescription

let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "KineticGeometry", targets: ["KineticGeometry"]),
        .library(name: "KineticPhysics", targets: ["KineticPhysics"]),
        .library(name: "KineticDynamics", targets: ["KineticDynamics"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Reads `.kinetic` games (zip archives of a level folder): pure Swift over zlib, which Cairo
        // already links, so it adds no runtime library; entries report their type and size before
        // anything is extracted.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // MARK: - Public API
        // The one geometry vocabulary (Vec2, Size, Rect) every layer speaks; a leaf, `@frozen` and
        // `@inlinable` so the physics step inlines it. KineticPhysics, KineticDynamics, KineticScene and
        // KineticLuaBridge re-export it.
        .target(name: "KineticGeometry"),
        .target(name: "KineticPhysics", dependencies: ["KineticGeometry"], exclude: ["Safeguards/README.md"]),
        .target(name: "KineticDynamics", dependencies: ["KineticGeometry", "KineticPhysics"]),

        // MARK: - Bridge and bindings
        .systemLibrary(
            name: "CKineticLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CKineticLuaShim", dependencies: ["CKineticLua"]),
        // What a frame shows (items, HUD and overlay commands, colours and the one colour parser), as
        // plain values on KineticGeometry only: LuaBridge reads colours into it, KineticLua fills it in,
        // Render draws it with Cairo; KineticLua never links Cairo.
        .target(name: "KineticScene", dependencies: ["KineticGeometry"]),
        .target(name: "KineticLuaBridge", dependencies: ["CKineticLua", "CKineticLuaShim", "KineticGeometry", "KineticScene",
                                                 .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                exclude: ["README.md"]),
        // `swift run -c release LuaBridgeBench`: cost of a Lua → Swift property read.
        .executableTarget(name: "LuaBridgeBench", dependencies: ["KineticLuaBridge"], path: "Benchmarks/LuaBridgeBench"),
        // `swift run -c release step-allocations`: a warm step of every benchmark scene allocates
        // nothing. CAllocationCounter counts a thread's mallocs (it replaces malloc in that process).
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .executableTarget(name: "step-allocations", dependencies: ["KineticPhysics", "KineticBenchScenes", "CAllocationCounter"],
                          path: "Benchmarks/StepAllocations"),
        .target(name: "KineticLua", dependencies: ["KineticPhysics", "KineticDynamics", "CKineticLua", "CKineticLuaShim", "KineticLuaBridge", "KineticScene"],
                exclude: ["README.md"]),
        // The real-time game loop every window plays a level with (input, fixed steps by the host
        // clock, built-in keys, record and replay); it knows no window, so tests drive it with a
        // fake clock.
        .target(name: "KineticPlayer", dependencies: ["KineticLua", "KineticScene"], exclude: ["README.md"]),

        // MARK: - Output
        .systemLibrary(
            name: "CKineticCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // JPEG decoding for images (Cairo reads only PNG).
        .systemLibrary(
            name: "CKineticJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "KineticRender", dependencies: ["CKineticCairo", "CKineticJPEG", "KineticScene"]),
        .systemLibrary(
            name: "CKineticSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        // SDL2_mixer plays the level's sounds in the window (WAV, Ogg Vorbis).
        .systemLibrary(
            name: "CKineticSDL2Mixer",
            pkgConfig: "SDL2_mixer",
            providers: [.apt(["libsdl2-mixer-dev"]), .brew(["sdl2_mixer"])]
        ),
        .target(name: "KineticViewer", dependencies: ["CKineticSDL2", "CKineticSDL2Mixer"]),

        // MARK: - Support (benchmark scenes shared by `kinetic bench` and the tests)
        .target(name: "KineticBenchScenes", dependencies: ["KineticPhysics"]),

        // MARK: - Reliability (fuzzers and soak; scripts/fuzz.sh, scripts/soak.sh)
        .target(name: "KineticFuzzing", dependencies: ["KineticPhysics", "KineticLua", "KineticLuaBridge"], path: "Sources/Fuzz/KineticFuzzing"),
        .executableTarget(name: "kinetic-fuzz", dependencies: ["KineticFuzzing"], path: "Sources/Fuzz/kinetic-fuzz"),

        // MARK: - Executable
        .executableTarget(
            name: "kinetic",
            dependencies: [
                "KineticPhysics", "KineticDynamics", "KineticLuaBridge", "KineticLua", "KineticPlayer", "KineticRender", "KineticViewer", "KineticBenchScenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Tests
        .testTarget(name: "PhysicsTests", dependencies: ["KineticPhysics", "KineticBenchScenes"]),
        .testTarget(name: "DynamicsTests", dependencies: ["KineticDynamics"]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["KineticLuaBridge", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "KineticLuaTests", dependencies: ["KineticLua", "KineticLuaBridge", "KineticDynamics", "KineticRender"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "RenderTests", dependencies: ["KineticRender"], exclude: ["Snapshots", "Fixtures"]),
        .testTarget(name: "ViewerTests", dependencies: ["KineticViewer"]),
        .testTarget(name: "PlayerTests", dependencies: ["KineticPlayer", "KineticLua"]),
        // Runs the `kinetic` binary too (worker processes, record/replay): build it first (`swift build`).
        .testTarget(name: "ScenarioTests", dependencies: ["KineticLua", "KineticPlayer"], exclude: ["Fixtures"]),
        .testTarget(name: "HotReloadTests", dependencies: ["KineticLua", "KineticLuaBridge"]),
        // Runs `.build/debug/kinetic` when it has been built (`swift build --product kinetic`).
        .testTarget(name: "EditorSupportTests", dependencies: ["KineticLua"], exclude: ["Fixtures"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["KineticFuzzing", "KineticPhysics", "KineticLua", "KineticLuaBridge", "KineticRender"]),
        // Runs the built `kinetic` binary (.build/debug/kinetic) in a window on Xvfb, driven by xdotool.
        .testTarget(name: "KineticCLITests", dependencies: ["KineticRender", "KineticLuaBridge", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    exclude: ["Fixtures"]),
    ]
)
