// The one check every file a level reads or writes goes through (docs/sandbox.md): symbolic links
// are resolved before the folder rule is applied, and only regular files are opened.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a level may not read or write. The message starts with the path as the script gave it:
/// `notes.txt: only .png files may be written`.
public struct LevelFileError: Error, CustomStringConvertible, Sendable {
    /// The path as the script or the command line gave it.
    public var path: String
    /// What is wrong: `No such file or directory`, `access outside the level folder is not allowed`.
    public var reason: String
    public init(_ path: String, _ reason: String) { self.path = path; self.reason = reason }
    public var message: String { "\(path.isEmpty ? "''" : path): \(reason)" }
    public var description: String { message }
    /// The path lies outside the folder it is confined to.
    public var isOutside: Bool { reason.hasPrefix(Self.outside) || reason.hasPrefix(Self.outsideOutput) }
    static let outside = "access outside the level folder is not allowed"
    static let outsideOutput = "writing outside the output folder"
}

public enum LevelFiles {
    /// Largest Lua source file the host loads (a level, a module, `loadfile`, `kinetic.load`), and
    /// largest recording: 16 MiB, far above any hand-written level, far below what would exhaust memory.
    public static let sizeLimit = 16 << 20

    // MARK: - Reading

    /// The real path (symbolic links and `..` resolved) of the existing regular file `path`, taken
    /// relative to `base` unless absolute. With a `root`, the real path must lie inside it. Nothing
    /// is opened, so a FIFO or a device cannot block or flood the caller.
    public static func resolve(_ path: String, from base: String, inside root: String?) throws(LevelFileError) -> String {
        try requireNoNUL(path)
        let real = try realPath(path.hasPrefix("/") ? path : base + "/" + path, named: path)
        if let root, !isInside(real, root) {
            throw LevelFileError(path, LevelFileError.outside)
        }
        try requireRegularFile(real, named: path)
        return real
    }

    /// The whole of the regular file at `path`, at most `limit` bytes. `name` is how errors name it
    /// (default: `path`), `kind` what the limit is for. A FIFO, device or folder is refused without blocking.
    public static func read(_ path: String, named name: String? = nil, limit: Int = sizeLimit,
                            kind: String = "a level file") throws(LevelFileError) -> [UInt8] {
        let name = name ?? path
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; fstat then refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(name, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(name, errno) }
        try requireRegular(info, named: name)
        guard Int(info.st_size) <= limit else { throw tooLarge(name, limit, kind) }
        // Read straight into the array: the stated size, then whatever the file grew by since.
        var bytes: [UInt8] = []
        var readError: Int32 = 0
        var chunk = max(Int(info.st_size), 4096)
        while readError == 0 {
            let start = bytes.count
            bytes.reserveCapacity(start + chunk)
            let n = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { buffer -> Int in
                var n: Int
                repeat { n = systemRead(fd, buffer.baseAddress!, chunk) } while n < 0 && errno == EINTR
                if n < 0 { readError = errno } else { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n])) }
                return n
            }
            if n <= 0 { break }
            if bytes.count > limit { throw tooLarge(name, limit, kind) }
            chunk = 65536
        }
        if readError != 0 { throw failure(name, readError) }
        return bytes
    }

    /// True when the level `path` named on a command line or in a recording is a folder (holding
    /// `main.lua`), false for a file. Errors name the path as given and what stands in its way.
    public static func isFolder(_ path: String) throws(LevelFileError) -> Bool {
        try requireNoNUL(path)
        if path.isEmpty { throw LevelFileError(path, "no level named: give a .lua file or a folder holding main.lua") }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == ENOENT ? LevelFileError(path, "no such file or folder") : failure(path, errno)
        }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    /// The Lua file of the level `path`: `path` itself, or `path/main.lua` for a folder.
    public static func levelFile(_ path: String) throws(LevelFileError) -> String {
        try isFolder(path) ? (path.hasSuffix("/") ? path + "main.lua" : path + "/main.lua") : path
    }

    // MARK: - Writing

    /// Where a level may write the picture `path` (relative to `base` unless absolute): a name ending
    /// in `.png`, in an existing folder whose real path lies inside `root` (when given), replacing
    /// nothing but an existing PNG, so a file the level ships (`main.lua`, `notes.txt`) is never
    /// overwritten. Returns the real path to write.
    public static func resolveOutput(_ path: String, from base: String, inside root: String?) throws(LevelFileError) -> String {
        try requireNoNUL(path)
        guard path.lowercased().hasSuffix(".png"), !path.hasSuffix("/") else {
            throw LevelFileError(path, "only .png files may be written")
        }
        let root = try root.map { folder throws(LevelFileError) in try realPath(folder, named: folder) }
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        let (folderPath, name) = split(joined)
        guard let real = realpath(folderPath, nil) else {
            if errno == ENOENT { throw LevelFileError(path, "the folder '\(displayFolder(path))' does not exist") }
            throw failure(path, errno)
        }
        let folder = String(cString: real)
        free(real)
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw LevelFileError(path, "'\(displayFolder(path))' is not a folder")
        }
        let target = (folder == "/" ? "" : folder) + "/" + name
        if let root, !isInside(target, root) {
            throw LevelFileError(path, "\(LevelFileError.outsideOutput) \(root) is not allowed")
        }
        // An existing name (or a link, even a dangling one) must be a PNG file inside the root.
        guard lstat(target, &info) == 0 else { return target }
        let existing: String
        do { existing = try realPath(target, named: path) } catch {
            throw LevelFileError(path, "a link to a missing file, which may not be replaced")
        }
        if let root, !isInside(existing, root) {
            throw LevelFileError(path, "\(LevelFileError.outsideOutput) \(root) is not allowed")
        }
        guard stat(existing, &info) == 0, info.st_mode & S_IFMT == S_IFREG, isPNG(existing) else {
            throw LevelFileError(path, "may not overwrite a file that is not a PNG picture")
        }
        return existing
    }

    // MARK: - Helpers

    /// The reason given for a path that does not exist.
    public static let notFound = "No such file or directory"

    /// `path` relative to `root` if it lies inside it, else nil.
    public static func relative(_ path: String, to root: String) -> String? {
        guard isInside(path, root) else { return nil }
        if path == root { return "." }
        return root == "/" ? String(path.dropFirst()) : String(path.dropFirst(root.count + 1))
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" ? path.hasPrefix("/") : path == root || path.hasPrefix(root + "/")
    }

    /// The real path of `path` (relative to the current folder unless absolute); errors name `name`.
    static func realPath(_ path: String, named name: String) throws(LevelFileError) -> String {
        guard let real = realpath(path, nil) else { throw failure(name, errno) }
        defer { free(real) }
        return String(cString: real)
    }

    /// C sees a path only up to its first NUL: `main.lua\0.png` would name `main.lua`.
    static func requireNoNUL(_ path: String) throws(LevelFileError) {
        if path.utf8.contains(0) { throw LevelFileError(String(path.split(separator: "\0").first ?? ""), "a file name may not contain a NUL byte") }
    }

    static func requireRegularFile(_ real: String, named name: String) throws(LevelFileError) {
        var info = stat()
        guard stat(real, &info) == 0 else { throw failure(name, errno) }
        try requireRegular(info, named: name)
    }

    static func requireRegular(_ info: stat, named name: String) throws(LevelFileError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw LevelFileError(name, "a folder, not a file")
        case S_IFIFO: throw LevelFileError(name, "not a regular file (a FIFO)")
        default: throw LevelFileError(name, "not a regular file (a device or socket)")
        }
    }

    /// True when the regular file at `path` starts with the PNG signature.
    static func isPNG(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 8)
        guard systemRead(fd, &header, 8) == 8 else { return false }
        return header == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// The folder part of `path` ("." when none) and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    static func failure(_ name: String, _ code: Int32) -> LevelFileError {
        switch code {
        case ENOENT: LevelFileError(name, notFound)
        case EACCES, EPERM: LevelFileError(name, "permission denied")
        case ENOTDIR: LevelFileError(name, "a part of the path is a file, not a folder")
        default: LevelFileError(name, "\(String(cString: strerror(code)))")
        }
    }

    static func tooLarge(_ name: String, _ limit: Int, _ kind: String) -> LevelFileError {
        LevelFileError(name, "larger than the \(limit >> 20) MiB \(kind) may be")
    }

    static func displayFolder(_ path: String) -> String { split(path).folder }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
