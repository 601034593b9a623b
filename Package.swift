// swift-tools-version:6.0
// Kinetic: a 2D physics runtime that reproduces UIKit Dynamics on Linux, driven by Lua 5.4 levels.
//
// Layers (each imports only those above it in this list): KineticGeometry → Physics → Dynamics →
// CLua → SceneDescription → LuaBridge → KineticLua → Player → Render/Viewer → kinetic. See docs/architecture.md.
//
// Build settings:
//   -DKINETIC_VALIDATE   compiles the engine's invariant validators (slow; for debugging the solver),
//                        e.g. `swift build -Xswiftc -DKINETIC_VALIDATE`.
import PackageDescription

let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "KineticGeometry", targets: ["KineticGeometry"]),
        .library(name: "Physics", targets: ["Physics"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Public API
        // The one geometry vocabulary (Vec2, Size, Rect) every layer speaks; a leaf, `@frozen` and
        // `@inlinable` so the physics step inlines it. Physics, Dynamics, SceneDescription and
        // LuaBridge re-export it.
        .target(name: "KineticGeometry"),
        .target(name: "Physics", dependencies: ["KineticGeometry"], exclude: ["Safeguards/README.md"]),
        .target(name: "Dynamics", dependencies: ["KineticGeometry", "Physics"]),

        // MARK: - Bridge and bindings
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // What a frame shows (items, HUD and overlay commands, colours and the one colour parser), as
        // plain values on KineticGeometry only: LuaBridge reads colours into it, KineticLua fills it in,
        // Render draws it with Cairo; KineticLua never links Cairo.
        .target(name: "SceneDescription", dependencies: ["KineticGeometry"]),
        .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim", "KineticGeometry", "SceneDescription"],
                exclude: ["README.md"]),
        // `swift run -c release LuaBridgeBench`: cost of a Lua → Swift property read.
        .executableTarget(name: "LuaBridgeBench", dependencies: ["LuaBridge"], path: "Benchmarks/LuaBridgeBench"),
        // `swift run -c release step-allocations`: a warm step of every benchmark scene allocates
        // nothing. CAllocationCounter counts a thread's mallocs (it replaces malloc in that process).
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .executableTarget(name: "step-allocations", dependencies: ["Physics", "Scenes", "CAllocationCounter"],
                          path: "Benchmarks/StepAllocations"),
        .target(name: "KineticLua", dependencies: ["Physics", "Dynamics", "CLua", "CLuaShim", "LuaBridge", "SceneDescription"],
                exclude: ["README.md"]),
        // The real-time game loop every window plays a level with (input, fixed steps by the host
        // clock, built-in keys, record and replay); it knows no window, so tests drive it with a
        // fake clock.
        .target(name: "Player", dependencies: ["KineticLua", "SceneDescription"], exclude: ["README.md"]),

        // MARK: - Output
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // JPEG decoding for images (Cairo reads only PNG).
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "Render", dependencies: ["CCairo", "CJPEG", "SceneDescription"]),
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        // SDL2_mixer plays the level's sounds in the window (WAV, Ogg Vorbis).
        .systemLibrary(
            name: "CSDL2Mixer",
            pkgConfig: "SDL2_mixer",
            providers: [.apt(["libsdl2-mixer-dev"]), .brew(["sdl2_mixer"])]
        ),
        .target(name: "Viewer", dependencies: ["CSDL2", "CSDL2Mixer"]),

        // MARK: - Support (benchmark scenes shared by `kinetic bench` and the tests)
        .target(name: "Scenes", dependencies: ["Physics"]),

        // MARK: - Reliability (fuzzers and soak; scripts/fuzz.sh, scripts/soak.sh)
        .target(name: "Fuzzing", dependencies: ["Physics", "KineticLua", "LuaBridge"], path: "Sources/Fuzz/Fuzzing"),
        .executableTarget(name: "kinetic-fuzz", dependencies: ["Fuzzing"], path: "Sources/Fuzz/kinetic-fuzz"),

        // MARK: - Executable
        .executableTarget(
            name: "kinetic",
            dependencies: [
                "Physics", "Dynamics", "KineticLua", "Player", "Render", "Viewer", "Scenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Tests
        .testTarget(name: "PhysicsTests", dependencies: ["Physics", "Scenes"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
        .testTarget(name: "KineticLuaTests", dependencies: ["KineticLua", "LuaBridge", "Dynamics", "Render"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "RenderTests", dependencies: ["Render"], exclude: ["Snapshots", "Fixtures"]),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "KineticLua"]),
        // Runs the `kinetic` binary too (worker processes, record/replay): build it first (`swift build`).
        .testTarget(name: "ScenarioTests", dependencies: ["KineticLua", "Player"], exclude: ["Fixtures"]),
        .testTarget(name: "HotReloadTests", dependencies: ["KineticLua", "LuaBridge"]),
        // Runs `.build/debug/kinetic` when it has been built (`swift build --product kinetic`).
        .testTarget(name: "EditorSupportTests", dependencies: ["KineticLua"], exclude: ["Fixtures"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["Fuzzing", "Physics", "KineticLua", "LuaBridge", "Render"]),
        // Runs the built `kinetic` binary (.build/debug/kinetic) in a window on Xvfb, driven by xdotool.
        .testTarget(name: "KineticCLITests", dependencies: ["Render"], exclude: ["Fixtures"]),
    ]
)
