// Lua's `Region`: `kinetic.region{ radius= }` / `{ size={w,h} }` / `kinetic.region.infinite`, with
// `:inverse()`, `:union(r)`, `:intersection(r)`, `:difference(r)`, `:contains(x, y)`.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum RegionBinding {
    static let fields = ["radius", "size"]

    static func register(_ rt: Runtime) -> LuaHandleType<RegionHandle> {
        LuaHandleType(in: rt.state, name: "Region", members: members(rt), describe: { [unowned rt] h in
            rt.regions.value(h.slotHandle).map { "Region(\($0))" } ?? "Region (dropped)"
        }, validate: { [unowned rt] h in
            rt.regions.isLive(h.slotHandle) ? nil : "the region was dropped"
        })
    }

    /// `kinetic.region{...}` (called through the table's `__call`: the definition is argument 2).
    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(2, "definition")
        try def.checkFields(fields)
        let region: Region
        if let radius = try def.optionalNumber("radius") {
            region = try rt.dynamics("kinetic.region") { () throws(DynamicsError) in try Region(radius: radius) }
        } else if let size = try def.optionalSize("size") {
            region = try rt.dynamics("kinetic.region") { () throws(DynamicsError) in try Region(size: size) }
        } else {
            throw LuaArgumentError(message: "give 'radius' = r or 'size' = {width, height} (or use kinetic.region.infinite)")
        }
        rt.pushRegion(region, on: lua)
        return 1
    }

    static func members(_ rt: Runtime) -> [LuaMember<RegionHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func r(_ h: RegionHandle) -> Region { rt.regions[Int(h.slot)] }
        func combine(_ name: String, _ op: @escaping (Region, Region) throws(DynamicsError) -> Region) -> LuaMember<RegionHandle> {
            .method(name) { lua, h in
                let other = try rt.region(lua, at: 2, "other")
                rt.pushRegion(try rt.dynamics("Region:\(name)") { () throws(DynamicsError) in try op(r(h), other) }, on: lua)
                return 1
            }
        }
        return [
            .method("inverse") { lua, h in
                rt.pushRegion(try rt.dynamics("Region:inverse") { () throws(DynamicsError) in try r(h).inverse() }, on: lua)
                return 1
            },
            combine("union") { a, b throws(DynamicsError) in try a.union(b) },
            combine("intersection") { a, b throws(DynamicsError) in try a.intersection(b) },
            combine("difference") { a, b throws(DynamicsError) in try a.difference(b) },
            .method("contains") { lua, h in
                lua.push(r(h).contains(Vec2(try lua.number(2, "x"), try lua.number(3, "y"))))
                return 1
            },
        ]
    }
}
