// Line coverage: what a state counted (`LuaOptions.lineCoverage`) and which lines of a file hold
// code, so a report can list the lines that never ran.
import CKineticLuaShim

extension LuaState {
    /// Hits per line of every file chunk that ran, by chunk name (`main.lua`, relative to the
    /// folder): `hits[line]`, 0 for lines that never ran. Empty without `lineCoverage`.
    public func coverage() -> [(chunk: String, hits: [Int])] {
        (0..<kl_coverage_count(L)).compactMap { index in
            var hits: UnsafePointer<Int32>?
            var size: Int32 = 0
            guard let name = kl_coverage_file(L, index, &hits, &size) else { return nil }
            let counts = hits.map { pointer in (0..<Int(size)).map { Int(pointer[$0]) } } ?? []
            return (String(cString: name), counts)
        }
    }
}

public enum LineCoverage {
    /// The lines of Lua source `text` that hold code (what a line hook can report); nil if it does
    /// not compile.
    public static func codeLines(of text: String) -> [Int]? {
        let count = text.utf8.reduce(2) { $1 == 10 ? $0 + 1 : $0 }
        var marks = [UInt8](repeating: 0, count: count)
        var source = text
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { kl_code_lines($0.baseAddress, $0.count, &marks, Int32(count)) }
        }
        guard status == 0 else { return nil }
        return marks.indices.filter { marks[$0] != 0 }
    }
}
