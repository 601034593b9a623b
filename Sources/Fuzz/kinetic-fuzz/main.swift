// kinetic-fuzz: the reliability drivers, run by scripts/fuzz.sh and scripts/soak.sh.
//
//   kinetic-fuzz physics [--seed N] [--seeds COUNT] [--steps STEPS]
//       random physics scenes from seed N on; prints every broken invariant with its seed.
//   kinetic-fuzz lua [--seed N] [--sequences COUNT] [--calls CALLS] [--verbose] [--messages]
//       random call sequences over the Lua API, one fresh level per sequence.
//
// Exit code 0 when nothing was found, 1 when something was, 2 for a usage error.
import Foundation
import Fuzzing

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

let command = CommandLine.arguments.dropFirst().first ?? ""
switch command {
case "physics": exit(runPhysics())
case "lua": exit(runLua())
default:
    FileHandle.standardError.write(Data("usage: kinetic-fuzz physics|lua [options] (see the top of Sources/Fuzz/kinetic-fuzz/main.swift)\n".utf8))
    exit(2)
}
