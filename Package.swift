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
//   KINETIC_AVX2=1       in the environment: the engine is built for x86-64 CPUs with AVX2 (Intel
//                        since 2013, AMD since 2015) and solves four contacts per vector instruction
//                        instead of two, with the same results to the bit (docs/benchmarks.md). The
//                        binary does not start on older CPUs, so the default stays portable. Keep it in
//                        its own build folder: `KINETIC_AVX2=1 swift build -c release --scratch-path .build/avx2`.
import PackageDescription

// The engine's settings for a KINETIC_AVX2 build: Haswell is the first CPU with AVX2, so its
// instruction set is what every AVX2 CPU has. Swift does not fuse multiplies and adds on its own,
// so FMA instructions change no result.
let avx2Build = Context.environment["KINETIC_AVX2"].map { !$0.isEmpty && $0 != "0" } ?? false
let engineSettings: [SwiftSetting] = avx2Build
    ? [.define("KINETIC_AVX2"), .unsafeFlags(["-target-cpu", "haswell"])]
    : []

// SwiftPM asks pkg-config about every system library of a package, also when it builds a consumer
// that never links it, and warns of each flag it drops (sdl2.pc and SDL2_mixer.pc carry -D_REENTRANT,
// -pthread). On Linux the distribution's SDL2 headers are on the compiler's default path and are
// included as <SDL2/...>, so pkg-config is not needed there; Homebrew's are not, so macOS still asks it.
#if os(Linux)
let sdl2PkgConfig: String? = nil
let sdl2MixerPkgConfig: String? = nil
#else
let sdl2PkgConfig: String? = "sdl2"
let sdl2MixerPkgConfig: String? = "SDL2_mixer"
#endif

let package = Package(
    name: "Kinetic",
    // What a Swift program depends on (docs/embedding.md). `KineticKit` is the host's whole kit behind
    // one import; the others let a program take only a layer (the engine alone links no Lua, Cairo or SDL2).
    products: [
        .library(name: "KineticKit", targets: ["KineticKit"]),
        .library(name: "KineticLua", targets: ["KineticLua"]),
        .library(name: "KineticPlayer", targets: ["KineticPlayer"]),
        .library(name: "KineticRender", targets: ["KineticRender"]),
        .library(name: "KineticDynamics", targets: ["KineticDynamics"]),
        .library(name: "KineticPhysics", targets: ["KineticPhysics"]),
        .library(name: "KineticGeometry", targets: ["KineticGeometry"]),
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
        .target(name: "KineticPhysics", dependencies: ["KineticGeometry"], exclude: ["Safeguards/README.md"],
                swiftSettings: engineSettings),
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
        // `swift run -c release state-hashes`: every benchmark scene's state hash after a fixed number
        // of steps; scripts/test.sh compares the portable build's with the AVX2 build's.
        .executableTarget(name: "state-hashes", dependencies: ["KineticPhysics", "KineticBenchScenes"],
                          path: "Benchmarks/StateHashes"),
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
            pkgConfig: sdl2PkgConfig,
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        // SDL2_mixer plays the level's sounds in the window (WAV, Ogg Vorbis).
        .systemLibrary(
            name: "CKineticSDL2Mixer",
            pkgConfig: sdl2MixerPkgConfig,
            providers: [.apt(["libsdl2-mixer-dev"]), .brew(["sdl2_mixer"])]
        ),
        .target(name: "KineticViewer", dependencies: ["CKineticSDL2", "CKineticSDL2Mixer"]),

        // MARK: - Host kit
        // `import KineticKit`: levels (KineticLua), their real-time loop (KineticPlayer), drawing
        // (KineticRender) and the UIKit Dynamics engine (KineticDynamics), re-exported. No code of its own.
        .target(name: "KineticKit", dependencies: ["KineticDynamics", "KineticLua", "KineticPlayer", "KineticRender"]),

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
