// The checkpoint soak: a 1,000-item level run for minutes of simulated time with the ring of
// checkpoints on, the ring's bytes and the process's memory sampled as it goes. The ring is
// bounded (docs/time-travel.md), so its bytes must stay under its budget however long the run,
// and the process must not grow once the ring is full.
import Foundation
import KineticLua

/// 1,000 circles and boxes of 18 pt piled in a 1,200 × 1,200 box, with gravity that turns a
/// quarter turn every 3 s, so the pile keeps sloshing (a pile at rest would write nothing, and
/// checkpoints of it would share every store with the world).
let checkpointSoakLevelSource: String = {
    var items = ""
    for i in 0..<1000 {
        items += "w:addItem{ center = { \(30 + (i % 40) * 28), \(30 + (i / 40) * 28) }, size = { 18, 18 }, bounds = '\(i % 2 == 0 ? "ellipse" : "rectangle")' },\n"
    }
    return """
        local level = { title = "checkpoint soak", width = 1200, height = 1200, seed = 5 }
        local gravity
        function level.load(w, state)
          local items = { \(items) }
          gravity = kinetic.gravity{ items = items }
          w:addBehavior(gravity)
          w:addBehavior(kinetic.collision{ items = items, referenceBounds = true })
          state.turns = 0
        end
        function level.update(w, dt)
          if w.steps % 180 == 179 then gravity.angle = gravity.angle + math.pi / 2 end
        end
        return level
        """
}()

/// The most a checkpoint of the soak level may hold (docs/time-travel.md's budget), bytes.
public let checkpointBudget = 6 << 20

/// One sample of the checkpoint soak.
public struct CheckpointSoakSample: Sendable {
    /// Simulated seconds so far.
    public var seconds: Double
    /// Checkpoints the ring holds, and their bytes (each counted as if it shared nothing).
    public var checkpoints: Int
    public var ringBytes: Int
    /// The most `ringBytes` has been so far (sampled after every step).
    public var peakRingBytes: Int
    /// Resident set size now, and the process's peak so far, bytes.
    public var residentBytes: Int
    public var peakResidentBytes: Int
}

/// Loads the soak level with `settings` (the ring).
public func loadCheckpointSoakLevel(_ settings: CheckpointSettings = .standard) throws -> (Level, remove: () -> Void) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-checkpoint-soak-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try checkpointSoakLevelSource.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
    var options = LevelOptions()
    options.print = { _ in }
    options.warn = { _ in }
    options.checkpoints = settings
    return (try Level.load(path: folder, options: options), { try? FileManager.default.removeItem(atPath: folder) })
}

/// Runs the soak level for `seconds` of simulated time with a ring of `count` checkpoints, one
/// every `interval` seconds, measuring the ring after every step; a sample every `every` simulated
/// seconds. Throws for settings out of range.
public func checkpointSoak(seconds: Double, every: Double = 60, interval: Double, count: Int,
                           progress: ((CheckpointSoakSample) -> Void)? = nil) throws -> [CheckpointSoakSample] {
    let (level, remove) = try loadCheckpointSoakLevel(try CheckpointSettings.checked(interval: interval, count: count))
    defer { remove() }
    let steps = Int((seconds * level.fps).rounded()), sampleEvery = max(1, Int((every * level.fps).rounded()))
    var samples: [CheckpointSoakSample] = []
    var peak = 0
    for step in 1...max(1, steps) {
        try level.step()
        let bytes = level.ringByteCount
        peak = max(peak, bytes)
        guard step % sampleEvery == 0 || step == steps else { continue }
        let sample = CheckpointSoakSample(seconds: level.time, checkpoints: level.keptCheckpointCount, ringBytes: bytes,
                                          peakRingBytes: peak, residentBytes: residentBytes(), peakResidentBytes: peakResidentBytes())
        samples.append(sample)
        progress?(sample)
    }
    return samples
}
