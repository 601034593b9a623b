// Lua's `Attachment`: `kinetic.attachment`, `pin`, `fixed`, `limit` and `sliding` (one userdata type;
// `b.kind` tells them apart). Writing `anchor` of an anchor attachment drags its item.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum AttachmentBinding {
    /// Constructor fields per kind (Lua constructor name → fields).
    static let fields: [(constructor: String, fields: [String])] = [
        ("attachment", ["item", "to", "anchor", "offset", "toOffset", "length", "damping", "frequency", "action"]),
        ("pin", ["item", "to", "anchor", "frictionTorque", "motorSpeed", "range", "action"]),
        ("fixed", ["item", "to", "anchor", "action"]),
        ("limit", ["item", "to", "anchor", "offset", "toOffset", "length", "action"]),
        ("sliding", ["item", "to", "anchor", "axis", "range", "frictionForce", "motorSpeed", "action"]),
    ]
    /// Fields read when the joint is made; the rest are applied through the property setters.
    static let creationFields: Set<String> = ["item", "to", "anchor", "offset", "toOffset", "axis"]

    static func construct(_ constructor: String, _ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let known = fields.first { $0.constructor == constructor }!.fields
        let def = try lua.table(1, "definition")
        try def.checkFields(known)
        let (world, item) = try def.read("item") { i in try rt.item(lua, at: i, "item") }
        let other: ItemID? = try def.read("to") { i in lua.isNil(i) ? nil : try rt.item(lua, at: i, "to").1 }
        if let other, world.animator.serial != other.animator {
            throw LuaBindingError("kinetic.\(constructor): 'item' and 'to' belong to different worlds")
        }
        let offset = try def.optionalPoint("offset") ?? .zero
        let toOffset = try def.optionalPoint("toOffset") ?? .zero
        // The anchor is required without a second item, and always for pins, welds and slides.
        let anchorRequired = ["pin", "fixed", "sliding"].contains(constructor) || other == nil
        let anchor = anchorRequired ? try def.point("anchor") : try def.optionalPoint("anchor") ?? .zero
        let axis = try def.optionalPoint("axis") ?? Vec2(1, 0)
        if constructor == "fixed", other == nil {
            throw LuaArgumentError(.field("to"), mustBe: "an Item (a fixed attachment welds two items)", got: "nil")
        }
        let attachment: AttachmentBehavior = try rt.dynamics("kinetic.\(constructor)") { () throws(DynamicsError) in
            switch constructor {
            case "pin": return try AttachmentBehavior.pin(item: item, attachedTo: other, anchor: anchor)
            case "fixed": return try AttachmentBehavior.fixed(item: item, attachedTo: other!, anchor: anchor)
            case "limit":
                return try AttachmentBehavior.limit(item: item, offsetFromCenter: offset, attachedTo: other,
                                                    offsetFromCenter: toOffset, anchor: anchor)
            case "sliding": return try AttachmentBehavior.sliding(item: item, attachedTo: other, anchor: anchor, axis: axis)
            default:
                if let other {
                    return try AttachmentBehavior(item: item, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: toOffset)
                }
                return try AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
            }
        }
        // UIKit's initialisers measure the length at creation: `a.length` is the rest length from
        // here on, also when the items or the anchor move before the attachment joins the world.
        if attachment.kind == .distance || attachment.kind == .limit {
            let measured = try rt.dynamics("kinetic.\(constructor)") { () throws(DynamicsError) in
                try attachment.measuredLength(in: world.animator)
            }
            attachment.length = measured
        }
        return try BehaviorBinding.finish(rt, lua, def, attachment, .attachment, fields: known.filter { !creationFields.contains($0) })
    }

    /// The constructor that makes an attachment of `kind` (its Lua name).
    static func constructor(of kind: AttachmentBehavior.Kind) -> String {
        kind == .distance ? "attachment" : kind.rawValue
    }

    /// Refuses writing a member that `a`'s kind has no use for, naming the kinds that have it (an
    /// ignored write would hide the mistake, as an unknown member would).
    static func requireKind(_ a: AttachmentBehavior, uses member: String) throws {
        guard !fields.contains(where: { $0.constructor == constructor(of: a.kind) && $0.fields.contains(member) }) else { return }
        let owners = fields.filter { $0.fields.contains(member) }.map { "kinetic.\($0.constructor)" }
        throw LuaBindingError("Attachment.\(member): a \(a.kind.rawValue) attachment has no \(member); "
                              + "only \(owners.joined(separator: " and ")) attachments have it")
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func a(_ h: BehaviorHandle) -> AttachmentBehavior { rt.entry(h).behavior as! AttachmentBehavior }
        func number(_ name: String, _ key: ReferenceWritableKeyPath<AttachmentBehavior, Double>) -> LuaMember<BehaviorHandle> {
            .property(name, get: { lua, h in lua.push(a(h)[keyPath: key]) }, set: { lua, h, v in
                try requireKind(a(h), uses: name)
                let x = try lua.number(v, name)
                try rt.checked(a(h), "Attachment.\(name)") { a(h)[keyPath: key] = x }
            })
        }
        return [
            .readOnly("item") { lua, h in rt.pushItem(a(h).item, on: lua) },
            .readOnly("to") { lua, h in if let o = a(h).attachedItem { rt.pushItem(o, on: lua) } else { lua.pushNil() } },
            BehaviorBinding.checkedPoint(rt, "Attachment", "anchor", \AttachmentBehavior.anchorPoint),
            .readOnly("offset") { lua, h in lua.push(a(h).offsetFromCenter) },
            .readOnly("toOffset") { lua, h in lua.push(a(h).attachedOffsetFromCenter) },
            .readOnly("axis") { lua, h in lua.push(a(h).axis) },
            number("length", \.length),
            number("damping", \.damping),
            number("frequency", \.frequency),
            number("frictionTorque", \.frictionTorque),
            number("motorSpeed", \.motorSpeed),
            number("frictionForce", \.frictionForce),
            .property("range", get: { lua, h in lua.push(a(h).attachmentRange) }, set: { lua, h, v in
                try requireKind(a(h), uses: "range")
                let r = try lua.range(v, "range")
                try rt.checked(a(h), "Attachment.range") { a(h).attachmentRange = r }
            }),
        ]
    }
}
