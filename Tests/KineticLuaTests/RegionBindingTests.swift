// Regions: circles and rectangles around the origin, and set operations.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct RegionBindingTests {
    @Test func containsAndCombinations() throws {
        let values = try Harness().run("""
            local disc = kinetic.region{ radius = 10 }
            local box = kinetic.region{ size = {40, 4} }
            local ring = disc:difference(kinetic.region{ radius = 5 })
            return disc:contains(6, 8), disc:contains(8, 8), box:contains(19, 1), box:contains(0, 3),
                   disc:union(box):contains(15, 0), disc:intersection(box):contains(0, 5), ring:contains(1, 1),
                   ring:contains(7, 0), disc:inverse():contains(100, 0), kinetic.region.infinite:contains(1e12, 0),
                   kinetic.region.empty:contains(0, 0)
            """)
        #expect(values == [true, false, true, false, true, false, false, true, true, true, false].map(LuaValue.boolean))
        #expect(try Harness().error("kinetic.region{ radius = -1 }")?.message
                == "test.lua:1: kinetic.region: region radius must be a finite number ≥ 0, got -1.0")
        #expect(try Harness().error("kinetic.region{}")?.message
                == "test.lua:1: kinetic.region: give 'radius' = r or 'size' = {width, height} (or use kinetic.region.infinite)")
    }

    @Test func aRegionTooLargeIsAnErrorAtTheCallThatBuildsIt() throws {
        // Self-unions share their tree, so without a bound 25 of them make tostring write 2^26
        // nodes and contains walk as many; a chain of unions nested deep enough overflowed the stack.
        let h = try Harness()
        #expect(h.error("""
            local r = kinetic.region{ radius = 1 }
            for i = 1, 25 do r = r:union(r) end
            """)?.message == "test.lua:2: Region:union: the region would have 2047 shapes and operations; a region may have at most 1024")
        #expect(h.error("""
            local r = kinetic.region{ radius = 1 }
            for i = 1, 300000 do r = r:difference(kinetic.region{ radius = 2 }) end
            """)?.message == "test.lua:2: Region:difference: the region would have 1025 shapes and operations; a region may have at most 1024")
        let values = try h.run("""
            local r = kinetic.region{ radius = 1 }
            for i = 1, 9 do r = r:union(r) end
            local chain = kinetic.region{ radius = 1 }
            for i = 1, 511 do chain = chain:intersection(kinetic.region{ radius = 2 }) end
            return r:contains(0, 0), #tostring(r) < 65536, chain:inverse():contains(5, 0)
            """)
        #expect(values == [.boolean(true), .boolean(true), .boolean(true)])
    }
}
