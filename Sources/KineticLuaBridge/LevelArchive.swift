// `.kinetic` games: a zip archive of a level folder, as LÖVE runs `.love` files. The one place an
// archive is opened or written. An archive is untrusted like the level inside it, so it is
// unpacked into a new private folder under the sandbox's rules (docs/sandbox.md § Games in one
// file): entries stay inside it (no absolute path, no `..`), only files and folders (no link), and
// the count and unpacked size are bounded before and while unpacking, against zip bombs.
import Foundation
import ZIPFoundation

public enum LevelArchive {
    /// The extension a game in one file carries: `game.kinetic`.
    public static let fileExtension = "kinetic"

    /// How much an archive may unpack to.
    public struct Limits: Sendable {
        /// Entries (files and folders).
        public var entries = 10_000
        /// Bytes of all files together once unpacked: 256 MiB, the memory a level's Lua state may use.
        public var bytes = 256 << 20
        public init(entries: Int = 10_000, bytes: Int = 256 << 20) { self.entries = entries; self.bytes = bytes }
        /// `bytes` as messages say it: `256 MiB`.
        var size: String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes" }
    }

    /// A game unpacked into a private temporary folder; `remove()` deletes it.
    public struct Unpacked: Sendable {
        /// The level folder (holding `main.lua`), named after the archive (`game.kinetic` → `…/game`)
        /// so the level's saved data keeps its name from one run to the next.
        public let folder: String
        /// The temporary folder made for it.
        public let temporaryFolder: String

        public func remove() { try? FileManager.default.removeItem(atPath: temporaryFolder) }
    }

    /// True when `path` names a game archive: a `.kinetic` name that is not a folder (a missing
    /// one too, so unpacking it says what is missing).
    public static func isArchive(_ path: String) -> Bool {
        guard (path as NSString).pathExtension.lowercased() == fileExtension else { return false }
        var info = stat()
        return !(stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    // MARK: - Reading

    /// Unpacks the game `path` into a new private folder. `main.lua` must be at the top of the
    /// archive or inside a single top folder (which is then the level's folder). Every refusal names
    /// the archive and the entry: `game.kinetic: '../x': a path outside the archive is not allowed`.
    public static func unpack(_ path: String, limits: Limits = Limits()) throws(LevelFileError) -> Unpacked {
        try LevelFiles.requireNoNUL(path)
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            var info = stat()
            guard stat(path, &info) == 0 else { throw LevelFiles.failure(path, errno) }
            try LevelFiles.requireRegular(info, named: path)
            throw LevelFileError(path, "not a zip archive (a .kinetic game is a zip of a level folder)")
        }
        let entries = try checkedEntries(of: archive, named: path, limits: limits)
        let prefix = try levelPrefix(entries.map(\.components), named: path)

        let temporary = try makeTemporaryFolder(named: path)
        let folder = temporary + "/" + stem(path)
        do throws(LevelFileError) {
            try makeFolder(folder, entry: ".", named: path)
            var unpacked = 0
            for (entry, components) in entries {
                guard components.starts(with: prefix), components.count > prefix.count else { continue }
                let target = folder + "/" + components.dropFirst(prefix.count).joined(separator: "/")
                try makeParents(of: target, below: folder, named: path)
                if entry.type == .directory {
                    try makeFolder(target, entry: entry.path, named: path, existingIsFine: true)
                } else {
                    try write(entry, of: archive, to: target, archive: path, unpacked: &unpacked, limits: limits)
                }
            }
        } catch {
            Unpacked(folder: folder, temporaryFolder: temporary).remove()
            throw error
        }
        return Unpacked(folder: folder, temporaryFolder: temporary)
    }

    /// The entries and their path components, every one checked before anything is written.
    static func checkedEntries(of archive: Archive, named path: String,
                               limits: Limits) throws(LevelFileError) -> [(entry: Entry, components: [String])] {
        var result: [(entry: Entry, components: [String])] = []
        var seen = Set<[String]>()
        var declared: UInt64 = 0
        for entry in archive {
            if result.count == limits.entries {
                throw LevelFileError(path, "more than \(limits.entries) entries, more than a game may hold")
            }
            let name = entry.path
            let problem: String? =
                if name.utf8.contains(0) { "a NUL byte in an entry name is not allowed" }
                else if name.contains("\\") { "a backslash in an entry name is not allowed (zip paths use '/')" }
                else if name.hasPrefix("/") { "an absolute path is not allowed" }
                else if name.split(separator: "/").contains("..") { "a path outside the archive ('..') is not allowed" }
                else if entry.type == .symlink { "a symbolic link is not allowed" }
                else { nil }
            if let problem { throw LevelFileError(path, "'\(name)': \(problem)") }
            let components = name.split(separator: "/").map(String.init).filter { $0 != "." }
            // Finder's resource forks ride along in zips made on a Mac; they are no part of the game.
            if components.first == "__MACOSX" || components.isEmpty { continue }
            if entry.type == .file, !seen.insert(components).inserted {
                throw LevelFileError(path, "'\(name)': the same file appears twice")
            }
            declared += entry.uncompressedSize
            if declared > UInt64(limits.bytes) { throw tooLarge(path, name, limits) }
            result.append((entry, components))
        }
        return result
    }

    /// The folder components that lead to `main.lua`: none when it is at the top, else the single
    /// top folder that holds it.
    static func levelPrefix(_ paths: [[String]], named path: String) throws(LevelFileError) -> [String] {
        if paths.contains(["main.lua"]) { return [] }
        let tops = Set(paths.map { $0[0] })
        if tops.count == 1, let top = tops.first, paths.contains([top, "main.lua"]) { return [top] }
        throw LevelFileError(path, "no main.lua at the top of the archive or inside its single top folder")
    }

    /// Unpacks one file, counting the bytes really produced (a header may understate them).
    static func write(_ entry: Entry, of archive: Archive, to target: String, archive name: String,
                      unpacked: inout Int, limits: Limits) throws(LevelFileError) {
        // O_EXCL and O_NOFOLLOW: nothing unpacked earlier is ever followed or replaced.
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LevelFileError(name, "'\(entry.path)': \(LevelFiles.failure(target, errno).reason)") }
        defer { close(fd) }
        var total = unpacked
        var failure: LevelFileError?
        do {
            _ = try archive.extract(entry) { data in
                total += data.count
                if total > limits.bytes {
                    failure = tooLarge(name, entry.path, limits)
                    throw failure!
                }
                try data.withUnsafeBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                        if n < 0, errno == EINTR { continue }
                        guard n > 0 else {
                            failure = LevelFileError(name, "'\(entry.path)': \(LevelFiles.failure(target, errno).reason)")
                            throw failure!
                        }
                        offset += n
                    }
                }
            }
        } catch {
            if let failure { throw failure }
            let reason = (error as? Archive.ArchiveError) == .invalidCRC32 ? "damaged (its checksum does not match)" : "damaged (\(error))"
            throw LevelFileError(name, "'\(entry.path)': \(reason)")
        }
        unpacked = total
    }

    static func tooLarge(_ archive: String, _ entry: String, _ limits: Limits) -> LevelFileError {
        LevelFileError(archive, "'\(entry)': the game unpacks to more than \(limits.size), more than a game may hold")
    }

    // MARK: - Writing

    /// Packs the level folder `folder` (holding `main.lua`) into the archive `archive`, replacing it:
    /// every regular file below it but hidden ones (`.git`, `.DS_Store`), in name order. A symbolic
    /// link is refused: an archive cannot hold one. The result always unpacks within `limits`.
    public static func pack(folder: String, to archive: String, limits: Limits = Limits()) throws(LevelFileError) {
        guard (try? LevelFiles.isFolder(folder)) == true else { throw LevelFileError(folder, "not a level folder") }
        let base = URL(fileURLWithPath: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: base.path + "/main.lua") else {
            throw LevelFileError(folder, "no main.lua in this folder")
        }
        let files = try filesToPack(in: base.path, named: folder, limits: limits)
        try? FileManager.default.removeItem(atPath: archive)
        do {
            let zip = try Archive(url: URL(fileURLWithPath: archive), accessMode: .create)
            for file in files {
                try zip.addEntry(with: file, relativeTo: base, compressionMethod: .deflate)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: archive)
            throw LevelFileError(archive, "could not be written (\(error))")
        }
    }

    /// The relative paths of the regular files below `root`, sorted, within `limits`.
    static func filesToPack(in root: String, named folder: String, limits: Limits) throws(LevelFileError) -> [String] {
        var files: [String] = []
        var total = 0
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? root : root + "/" + relative
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw LevelFileError(folder + "/" + relative, "could not be read (\(error.localizedDescription))")
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(root + "/" + child, &info) == 0 else { throw LevelFiles.failure(folder + "/" + child, errno) }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(child)
                case S_IFREG:
                    files.append(child)
                    total += Int(info.st_size)
                case S_IFLNK: throw LevelFileError(folder + "/" + child, "a symbolic link, which a .kinetic game cannot hold")
                default: throw LevelFileError(folder + "/" + child, "not a regular file")
                }
            }
            if files.count > limits.entries { throw LevelFileError(folder, "more than \(limits.entries) files, more than a game may hold") }
            if total > limits.bytes { throw LevelFileError(folder, "more than \(limits.size) of files, more than a game may hold") }
        }
        return files.sorted()
    }

    // MARK: - Helpers

    /// The game's name: the archive's or folder's name without its extension (`game` when it has none).
    public static func stem(_ path: String) -> String {
        let name = (((path as NSString).standardizingPath as NSString).lastPathComponent as NSString).deletingPathExtension
        return name.isEmpty || name.hasPrefix(".") || name == "/" ? "game" : name
    }

    static func makeTemporaryFolder(named path: String) throws(LevelFileError) -> String {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path
        var template = Array((base + "/kinetic-game-XXXXXX").utf8CString)
        // mkdtemp makes it readable by its owner only.
        guard let made = mkdtemp(&template) else {
            throw LevelFileError(path, "no temporary folder to unpack into in \(base) (\(LevelFiles.failure(base, errno).reason))")
        }
        return String(cString: made)
    }

    /// Makes `folder` (`entry` is how messages name it: the archive's path for it).
    static func makeFolder(_ folder: String, entry: String, named path: String, existingIsFine: Bool = false) throws(LevelFileError) {
        if mkdir(folder, 0o755) == 0 { return }
        let code = errno
        var info = stat()
        if code == EEXIST, existingIsFine, lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
        let reason = code == EEXIST ? "a file of the archive stands where this folder must be" : LevelFiles.failure(folder, code).reason
        throw LevelFileError(path, "'\(entry)': \(reason)")
    }

    /// Makes the folders between `root` and `target`; a file standing where a folder must be is refused.
    static func makeParents(of target: String, below root: String, named path: String) throws(LevelFileError) {
        let relative = String(target.dropFirst(root.count + 1))
        var entry = ""
        for component in relative.split(separator: "/").dropLast() {
            entry += (entry.isEmpty ? "" : "/") + component
            try makeFolder(root + "/" + entry, entry: entry, named: path, existingIsFine: true)
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
