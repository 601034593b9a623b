// Lua's `Field`: `kinetic.field{ kind=, items=, position=, region=, strength=, falloff=, minimumRadius=,
// direction=, smoothness=, animationSpeed=, evaluate= }`. A custom field's `evaluate(x, y, vx, vy,
// mass, charge, time) → fx, fy` (UIKit newtons) runs under pcall while the animator steps.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum FieldBinding {
    static let fields = ["kind", "items", "position", "region", "strength", "falloff", "minimumRadius", "direction",
                         "smoothness", "animationSpeed", "evaluate", "action"]
    static let kinds = FieldBehavior.Kind.allCases.map(\.rawValue)

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(1, "definition")
        try def.checkFields(fields)
        let kind = FieldBehavior.Kind(rawValue: try def.read("kind") { i in try lua.choice(i, "kind", in: kinds) })!
        if kind == .custom, !def.has("evaluate") {
            throw LuaArgumentError(.field("evaluate"), mustBe: "a function (x, y, vx, vy, mass, charge, time) -> fx, fy for a custom field",
                                   got: "nil")
        }
        return try BehaviorBinding.finish(rt, lua, def, FieldBehavior(kind: kind), .field, fields: fields)
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func f(_ h: BehaviorHandle) -> FieldBehavior { rt.entry(h).behavior as! FieldBehavior }
        func number(_ name: String, _ key: ReferenceWritableKeyPath<FieldBehavior, Double>) -> LuaMember<BehaviorHandle> {
            BehaviorBinding.checkedNumber(rt, "Field", name, key)
        }
        func vector(_ name: String, _ key: ReferenceWritableKeyPath<FieldBehavior, Vec2>) -> LuaMember<BehaviorHandle> {
            BehaviorBinding.checkedPoint(rt, "Field", name, key)
        }
        return [
            vector("position", \.position),
            .property("region", get: { lua, h in rt.pushRegion(f(h).region, on: lua) },
                      set: { lua, h, v in f(h).region = try rt.region(lua, at: v, "region") }),
            number("strength", \.strength),
            number("falloff", \.falloff),
            number("minimumRadius", \.minimumRadius),
            vector("direction", \.direction),
            number("smoothness", \.smoothness),
            number("animationSpeed", \.animationSpeed),
            .property("evaluate", get: { lua, h in
                rt.pushCallback(.evaluate, of: h, on: lua)
            }, set: { lua, h, v in
                let entry = rt.entry(h)
                entry.hasEvaluate = try rt.setCallback(.evaluate, of: h, lua, at: v)
                f(h).evaluator = !entry.hasEvaluate ? nil : { [unowned rt] sample in rt.evaluate(h, sample) }
            }),
        ]
    }
}

extension Runtime {
    /// A custom field's force at one item: calls `evaluate` under pcall. An error (or results that
    /// are not two finite numbers) is kept for the step to throw, and the force is zero.
    func evaluate(_ handle: BehaviorHandle, _ sample: FieldSample) -> Vec2 {
        guard let entry = liveEntry(handle), entry.hasEvaluate, let world = world(of: entry.behavior.animator), world.pendingError == nil else { return .zero }
        do {
            let force: Vec2? = try state.call(pushing: { lua in pushCallback(.evaluate, of: handle, on: lua) }, arguments: { lua in
                for v in [sample.position.x, sample.position.y, sample.velocity.x, sample.velocity.y,
                          sample.mass, sample.charge, sample.time] { lua.push(v) }
                return 7
            }, results: { lua, first, count in
                guard count >= 2, lua.isNumber(first), lua.isNumber(first + 1) else { return nil }
                let v = Vec2(lua.rawNumber(first), lua.rawNumber(first + 1))
                return v.isFinite ? v : nil
            })
            if let force { return force }
            world.pendingError = LuaError(kind: .runtime,
                message: "\(location(pushing: { lua in pushCallback(.evaluate, of: handle, on: lua) })): field evaluate must return two finite numbers fx, fy")
        } catch {
            world.pendingError = error
        }
        return .zero
    }
}
