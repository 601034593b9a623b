// kinetic-fuzz: the reliability drivers, run by scripts/fuzz.sh and scripts/soak.sh.
//
//   kinetic-fuzz physics [--seed N] [--seeds COUNT] [--steps STEPS] [--substeps S] [--exclude F,..] [--verbose]
//       random physics scenes from seed N on; prints every broken invariant with its seed.
//   kinetic-fuzz lua [--seed N] [--sequences COUNT] [--calls CALLS] [--verbose] [--messages]
//       random call sequences over the Lua API, one fresh level per sequence.
//   kinetic-fuzz soak [--minutes M] [--warm-up W] [--no-reload]
//       the churn level for M simulated minutes, memory sampled every minute.
//   kinetic-fuzz checkpoints [--minutes M] [--checkpoints N] [--every-tenths T] [--rss-budget-mib B]
//       a 1,000-item level for M simulated minutes with a ring of N checkpoints, one every T/10 s:
//       the ring's bytes (after every step) and the process's RSS, sampled every minute; fails when
//       the ring exceeds N × 6 MiB or the peak RSS exceeds B MiB.
//
// Exit code 0 when nothing was found, 1 when something was, 2 for a usage error.
import Foundation
import KineticFuzzing

func option(_ name: String, _ fallback: Int) -> Int {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return fallback }
    guard let value = Int(args[i + 1]) else {
        FileHandle.standardError.write(Data("kinetic-fuzz: \(name) needs an integer, got '\(args[i + 1])'\n".utf8))
        exit(2)
    }
    return value
}

func runPhysics() -> Int32 {
    let first = UInt64(max(0, option("--seed", 1)))
    let count = option("--seeds", 100)
    var options = PhysicsFuzzOptions()
    options.steps = option("--steps", options.steps)
    options.substeps = min(max(option("--substeps", options.substeps), 1), 64)
    if let i = CommandLine.arguments.firstIndex(of: "--exclude"), i + 1 < CommandLine.arguments.count {
        options.exclude = Set(CommandLine.arguments[i + 1].split(separator: ",").map(String.init))
    }
    PhysicsFuzzScene.verbose = CommandLine.arguments.contains("--verbose")
    let started = Date()
    let (stats, findings) = fuzzPhysics(firstSeed: first, count: count, options: options) { seed, total in
        if total.scenes % 50 == 0 { print("… seed \(seed): \(total.scenes) scenes, \(total.steps) steps") }
    }
    for f in findings { print("FOUND \(f)") }
    print("""
    physics fuzz: seeds \(first)…\(first &+ UInt64(max(0, count - 1))), \(stats.scenes) scenes (\(stats.closedScenes) closed), \
    \(stats.steps) steps, \(stats.bodiesCreated) bodies, \(stats.shapesCreated) shapes, \(stats.jointsCreated) joints, \
    \(stats.destroyed) destroyed, \(stats.edits) edits, \(stats.hostileInputsRefused) hostile inputs refused, \
    worst closed-scene energy gain \(String(format: "%.4f", stats.worstEnergyGain * 100))%, \
    fastest body \(String(format: "%.4g", stats.fastestSpeed)) pt/s, \(findings.count) findings, \(Int(Date().timeIntervalSince(started))) s
    """)
    if stats.oneWayScenes > 0 {
        print("""
        one-way: \(stats.oneWayScenes) scenes (\(stats.closedOneWayScenes) closed, \(stats.closedScenesJointLeavingTheBox) of them \
        with a joint on a body of one-way shapes only, energy not checked), \(stats.oneWayShapesCreated) one-way shapes, \
        \(stats.oneWayEdits) one-way edits, \(stats.oneWayContactsBegun) one-way contacts begun (checked against the cone), \
        worst closed one-way scene energy gain \(String(format: "%.4f", stats.worstOneWayEnergyGain * 100))%
        """)
    }
    return findings.isEmpty ? 0 : 1
}

func runLua() -> Int32 {
    let first = UInt64(max(0, option("--seed", 1)))
    let count = option("--sequences", 20)
    var options = LuaFuzzOptions()
    options.calls = option("--calls", options.calls)
    LuaFuzzSequence.verbose = CommandLine.arguments.contains("--verbose")
    let started = Date()
    let (stats, findings) = fuzzLua(firstSeed: first, count: count, options: options) { seed, total in
        if total.sequences % 10 == 0 { print("… seed \(seed): \(total.sequences) sequences, \(total.calls) calls") }
    }
    for f in findings { print("FOUND \(f)") }
    if CommandLine.arguments.contains("--messages") {
        for (m, n) in stats.messages.sorted(by: { $0.value > $1.value }) { print(String(format: "%6d  %@", n, m)) }
    }
    print("""
    lua fuzz: seeds \(first)…\(first &+ UInt64(max(0, count - 1))), \(stats.sequences) sequences, \(stats.calls) calls, \
    \(stats.luaErrors) Lua errors (\(stats.memoryErrors) memory, \(stats.budgetErrors) budget), \(stats.steps) host steps, \
    \(stats.reloads) reloads, \(stats.messages.count) distinct messages, \(findings.count) findings, \(Int(Date().timeIntervalSince(started))) s
    """)
    return findings.isEmpty ? 0 : 1
}

func runSoak() -> Int32 {
    let minutes = option("--minutes", 60)
    let warmUp = min(option("--warm-up", 5), max(0, minutes - 1))
    let started = Date()
    print("minute  RSS (MiB)  Lua (KiB)  items  worlds  behaviours  regions")
    do {
        let samples = try soak(minutes: minutes, reload: !CommandLine.arguments.contains("--no-reload")) { s in
            print(String(format: "%6d  %9.1f  %9.1f  %5d  %6d  %10d  %7d", s.minute, Double(s.residentBytes) / 1_048_576,
                         Double(s.luaBytes) / 1024, s.items, s.handles.worlds, s.handles.behaviors, s.handles.regions))
        }
        let after = samples.filter { $0.minute > warmUp }
        guard let base = samples.first(where: { $0.minute == max(1, warmUp) }), !after.isEmpty else { return 0 }
        let rssGrowth = after.map(\.residentBytes).max()! - base.residentBytes
        let luaGrowth = after.map(\.luaBytes).max()! - base.luaBytes
        let handlesFlat = after.allSatisfy { $0.handles == base.handles }
        print(String(format: "soak: %d simulated minutes in %d s; after minute %d: RSS grew at most %.1f MiB (bound %.0f), Lua memory at most %.1f KiB (bound %.0f), handles in use %@",
                     minutes, Int(Date().timeIntervalSince(started)), warmUp, Double(rssGrowth) / 1_048_576,
                     Double(soakResidentBound) / 1_048_576, Double(luaGrowth) / 1024, Double(soakLuaBound) / 1024,
                     handlesFlat ? "flat" : "GREW"))
        return rssGrowth <= soakResidentBound && luaGrowth <= soakLuaBound && handlesFlat ? 0 : 1
    } catch {
        print("soak: \(error)")
        return 1
    }
}

func runCheckpointSoak() -> Int32 {
    let minutes = option("--minutes", 10)
    let rssBudget = option("--rss-budget-mib", 256) << 20
    let interval = Double(option("--every-tenths", 10)) / 10, count = option("--checkpoints", 10)
    let ringBudget = count * checkpointBudget
    let started = Date()
    print("simulated  checkpoints  ring (MiB)  ring peak (MiB)  RSS (MiB)  RSS peak (MiB)  wall (s)")
    do {
        let samples = try checkpointSoak(seconds: Double(minutes) * 60, interval: interval, count: count) { s in
            print(String(format: "%7.0f s  %11d  %10.1f  %15.1f  %9.1f  %14.1f  %8.0f", s.seconds, s.checkpoints, Double(s.ringBytes) / 1_048_576,
                         Double(s.peakRingBytes) / 1_048_576, Double(s.residentBytes) / 1_048_576,
                         Double(s.peakResidentBytes) / 1_048_576, Date().timeIntervalSince(started)))
            fflush(nil)  // each sample as it comes, also into a pipe or a log
        }
        guard let last = samples.last else { return 1 }
        let ok = last.peakRingBytes <= ringBudget && last.peakResidentBytes <= rssBudget
        print(String(format: "checkpoint soak: %d simulated minutes of 1,000 items in %d s, a ring of %d every %g s: ring peak %.1f MiB (budget %.0f), process peak RSS %.1f MiB (budget %.0f): %@",
                     minutes, Int(Date().timeIntervalSince(started)), count, interval,
                     Double(last.peakRingBytes) / 1_048_576, Double(ringBudget) / 1_048_576,
                     Double(last.peakResidentBytes) / 1_048_576, Double(rssBudget) / 1_048_576, ok ? "within budget" : "OVER BUDGET"))
        return ok ? 0 : 1
    } catch {
        print("checkpoint soak: \(error)")
        return 1
    }
}

let command = CommandLine.arguments.dropFirst().first ?? ""
switch command {
case "physics": exit(runPhysics())
case "lua": exit(runLua())
case "soak": exit(runSoak())
case "checkpoints": exit(runCheckpointSoak())
default:
    FileHandle.standardError.write(Data("usage: kinetic-fuzz physics|lua [options] (see the top of Sources/Fuzz/kinetic-fuzz/main.swift)\n".utf8))
    exit(2)
}
