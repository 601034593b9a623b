// kinetic.save / kinetic.saved: values round-trip through <data folder>/<level name>/saved.json,
// each level sees only its own store, keys never become paths, bad values are refused naming the
// key and the type, the size limit keeps the store as it was, and .discard writes nothing.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct SavedDataTests {
    /// Level `a` saves what `state.value` says under `state.key` when told to; level `b` reads.
    static let files = [
        "a/main.lua": """
            local level = {}
            function level.load(world, state) end
            function level.save(key, value) kinetic.save(key, value) end
            function level.read(key) return kinetic.saved(key) end
            return level
            """,
        "b/main.lua": """
            local level = {}
            function level.load(world, state) end
            function level.read(key) return kinetic.saved(key) end
            return level
            """,
    ]

    func harness(_ dataFolder: DataFolder) throws -> Harness {
        try Harness(files: Self.files) { $0.dataFolder = dataFolder }
    }

    @Test func valuesRoundTripThroughTheLevelsOwnFile() throws {
        let data = try makeFolder([:])
        let h = try harness(.folder(data))
        let values = try h.run("""
            local _, a = kinetic.load("a")
            a.save("best", 42)
            a.save("settings", { volume = 0.25, names = { "x", "y" }, sound = true, deep = { list = { { 1 }, { 2.5 } } } })
            a.save("../../escape", "still a key")
            local s = a.read("settings")
            return a.read("best"), math.type(a.read("best")), s.volume, s.names[2], s.sound, s.deep.list[2][1], a.read("../../escape"), a.read("none")
            """)
        #expect(values == [.integer(42), .string("integer"), .number(0.25), .string("y"), .boolean(true), .number(2.5),
                           .string("still a key"), .nil])
        // One file, under the level's folder name; the key is inside it, not a path.
        let contents = try FileManager.default.subpathsOfDirectory(atPath: data).sorted()
        #expect(contents == ["a", "a/saved.json"])
        let json = try String(contentsOfFile: data + "/a/saved.json", encoding: .utf8)
        #expect(json.contains("\"../../escape\" : \"still a key\"") && json.contains("\"best\" : 42"))
        // A new state (the next run) reads it back.
        let next = try harness(.folder(data))
        #expect(try next.run("local _, a = kinetic.load('a') return a.read('best')") == [.integer(42)])
    }

    @Test func aLevelNeverSeesAnothersData() throws {
        let data = try makeFolder([:])
        let h = try harness(.folder(data))
        let values = try h.run("""
            local _, a = kinetic.load("a")
            local _, b = kinetic.load("b")
            a.save("best", 7)
            return b.read("best"), a.read("best")
            """)
        #expect(values == [.nil, .integer(7)])
        // Code in no level's folder has no store at all.
        #expect(h.error("return kinetic.saved('best')")?.message.contains("only a level's own files can save data") == true)
    }

    @Test func badValuesAreRefusedNamingTheKeyAndType() throws {
        let h = try harness(.discard)
        try h.run("_, a = kinetic.load('a')")
        let cases: [(String, String)] = [
            ("a.save('best', { hook = print })", "'best.hook' is a function"),
            ("a.save('best', { 1, nil, 3 })", "'best' mixes list entries and named fields, or its list has holes"),
            ("a.save('best', { [true] = 1 })", "'best' has a key of type boolean"),
            ("local t = {} t.me = t a.save('loop', t)", "'loop.me' holds itself"),
            ("a.save('best', math.huge)", "'best' is inf"),
            ("a.save('best', coroutine.create(print))", "'best' is a thread"),
            ("a.save('', 1)", "'key' must be a string of 1 to 1024 bytes"),
            ("a.save(3, 1)", "key"),
        ]
        for (source, expected) in cases {
            let message = h.error(source)?.message ?? "no error"
            #expect(message.contains(expected), "\(source): \(message)")
        }
        // Nothing of it was kept.
        #expect(try h.run("return a.read('best'), a.read('loop')") == [.nil, .nil])
    }

    @Test func theSizeLimitKeepsTheStoreAsItWas() throws {
        let data = try makeFolder([:])
        let h = try harness(.folder(data))
        try h.run("_, a = kinetic.load('a') a.save('small', 'kept')")
        let message = h.error("a.save('big', string.rep('x', 600000)) a.save('bigger', string.rep('y', 600000))")?.message ?? ""
        #expect(message.contains("at most 1048576"), "\(message)")
        #expect(try h.run("return a.read('small'), #a.read('big'), a.read('bigger')") == [.string("kept"), .integer(600000), .nil])
        #expect(try Data(contentsOf: URL(fileURLWithPath: data + "/a/saved.json")).count < 1 << 20)
    }

    @Test func discardKeepsDataInMemoryAndWritesNothing() throws {
        // `kinetic check` loads levels with `.discard`: saves work for the run and leave nothing.
        let h = try harness(.discard)
        #expect(try h.run("local _, a = kinetic.load('a') a.save('best', 1) return a.read('best')") == [.integer(1)])
        #expect(h.runtime.savedStores["a"]?.file == nil)
        #expect(try harness(.discard).run("local _, a = kinetic.load('a') return a.read('best')") == [.nil])
    }
}
