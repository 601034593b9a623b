// Paths and processes for the editor-support tests.
import Foundation

/// The package root, found from this file's path (Tests/EditorSupportTests/TestSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

let fixtures = packageRoot + "/Tests/EditorSupportTests/Fixtures"

/// A fresh folder under the temporary directory.
func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "kinetic-editor-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The executable named `name` on PATH, or nil.
func findTool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a program; returns its exit status and its standard output and error together.
func runTool(_ path: String, _ arguments: [String], in directory: String? = nil) -> (Int32, String) {
    let (status, out, err) = runToolSeparately(path, arguments, in: directory)
    return (status, out + err)
}

/// Runs a program; returns its exit status, standard output and standard error.
func runToolSeparately(_ path: String, _ arguments: [String], in directory: String? = nil,
                       environment: [String: String]? = nil) -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { return (-1, "", "\(error)") }
    // Read before waiting: a full pipe would block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}
