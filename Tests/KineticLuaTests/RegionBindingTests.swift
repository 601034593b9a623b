// Regions: circles and rectangles around the origin, and set operations.
import Foundation
import LuaBridge
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
}
