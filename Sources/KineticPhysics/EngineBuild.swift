// What this build of the engine was compiled for (Package.swift, KINETIC_AVX2).

/// The build of the engine, for tools that report it (`kinetic bench` names its engine by it).
public enum EngineBuild {
    /// "avx2" in a build for CPUs with AVX2, nil in the portable build.
    public static var variant: String? {
        #if KINETIC_AVX2
        "avx2"
        #else
        nil
        #endif
    }

    /// Contacts the solver solves per vector instruction: two in the portable build (SSE2), four
    /// with AVX2. The results are the same to the bit.
    public static var contactLanes: Int { Lanes.scalarCount }
}
