// The item properties a level reads and writes every frame (`item.x`, `item.center`,
// `item.velocity`, ...), served by C functions that the bridge's __index and __newindex call
// directly: one handle check, the state read straight from the item's record or body, numbers out,
// no Lua call, no allocation, no error. Anything unusual (a stale item, a locked world, a value
// that is not a finite number) answers "slow", and the member's general getter or setter in
// ItemBinding runs instead, with its checks and messages.
import CKineticLuaShim
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum ItemFastPath {
    /// The fast members; their names are the Lua names.
    enum Member: Int32, CaseIterable {
        case x, y, angle, angularVelocity, center, velocity
    }

    /// The fast methods, called with numbers only; their names are the Lua names. `position` and
    /// `linearVelocity` are the fast forms of the `center` and `velocity` reads: two numbers, no table.
    enum Method: Int32, CaseIterable {
        case position, linearVelocity, moveTo
    }

    static func members(_ rt: Runtime) -> LuaFastMembers {
        // Unretained: the Runtime lives as long as its state (the registered functions hold it).
        LuaFastMembers(names: Member.allCases.map { "\($0)" }, context: Unmanaged.passUnretained(rt).toOpaque(),
                       get: { context, key, member, out in ItemFastPath.get(context, key, member, out) },
                       set: { context, key, member, value in ItemFastPath.set(context, key, member, value) },
                       methods: Method.allCases.map { "\($0)" },
                       call: { context, key, method, input, count, out in
                           ItemFastPath.call(context, key, method, input, count, out)
                       })
    }

    /// The animator of world slot `slot` and whether Lua may change that world now (nil for no
    /// such world). Nothing on the way is retained: the state keeps the objects alive during the
    /// call, and the retains and releases would cost as much as the rest of the read. No call
    /// happens while the world array is borrowed, so it needs no retain either.
    @inline(__always)
    private static func animator(_ context: UnsafeMutableRawPointer?, _ slot: Int32)
        -> (animator: Unmanaged<DynamicAnimator>, unlocked: Bool)? {
        Unmanaged<Runtime>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef { rt in
            rt.worlds.withUnsafeSlots { worlds in
                guard slot >= 0, Int(slot) < worlds.count else { return nil }
                // A slot is an optional reference: one pointer, null when the slot is free.
                guard let pointer = UnsafeRawPointer(worlds.baseAddress.unsafelyUnwrapped)
                    .load(fromByteOffset: Int(slot) * MemoryLayout<WorldModel?>.stride, as: UnsafeRawPointer?.self)
                else { return nil }
                return Unmanaged<WorldModel>.fromOpaque(pointer)._withUnsafeGuaranteedRef { world in
                    (Unmanaged.passUnretained(world.animator), world.phase != .stepping)
                }
            }
        }
    }

    private static func get(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ member: Int32,
                            _ out: UnsafeMutablePointer<Double>?) -> Int32 {
        let handle = ItemHandle(luaKey: key)
        guard let member = Member(rawValue: member), let out else { return Int32(KL_FAST_SLOW) }
        return animator(context, handle.world)?.animator._withUnsafeGuaranteedRef { animator -> Int32? in
            let id = ItemID(index: handle.index, generation: handle.generation, animator: animator.serial)
            switch member {
            case .x, .y, .center:
                guard let c = animator.centerIfLive(id) else { return nil }
                return number(member == .x ? c.x : c.y, or: c, member == .center, out)
            case .velocity:
                guard let v = animator.velocityIfLive(id) else { return nil }
                return number(0, or: v, true, out)
            case .angle:
                guard let a = animator.angleIfLive(id) else { return nil }
                return number(a, or: .zero, false, out)
            case .angularVelocity:
                guard let w = animator.angularVelocityIfLive(id) else { return nil }
                return number(w, or: .zero, false, out)
            }
        } ?? Int32(KL_FAST_SLOW)
    }

    /// Writes a number or a point to `out` and says which.
    @inline(__always)
    private static func number(_ value: Double, or point: Vec2, _ isPoint: Bool, _ out: UnsafeMutablePointer<Double>) -> Int32 {
        if isPoint {
            out[0] = point.x
            out[1] = point.y
            return Int32(KL_FAST_POINT)
        }
        out[0] = value
        return Int32(KL_FAST_NUMBER)
    }

    private static func set(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ member: Int32, _ value: Double) -> Int32 {
        let handle = ItemHandle(luaKey: key)
        guard value.isFinite, let member = Member(rawValue: member) else { return 0 }
        guard let (animator, unlocked) = animator(context, handle.world), unlocked else { return 0 }
        return animator._withUnsafeGuaranteedRef { animator -> Int32? in
            let id = ItemID(index: handle.index, generation: handle.generation, animator: animator.serial)
            do throws(DynamicsError) {
                switch member {
                case .x, .y:
                    guard let c = animator.centerIfLive(id) else { return nil }
                    try animator.setCenter(member == .x ? Vec2(value, c.y) : Vec2(c.x, value), of: id)
                case .angle:
                    guard let c = animator.centerIfLive(id) else { return nil }
                    try animator.updateItemUsingCurrentState(id, center: c, angle: value)
                case .angularVelocity:
                    guard animator.isValid(id) else { return nil }
                    try animator.setAngularVelocity(value, of: id)
                case .center, .velocity:
                    return nil  // points: the general setter reads the table
                }
            } catch {
                return nil  // throws only before a change; the general setter reports it
            }
            return 1
        } ?? 0
    }

    private static func call(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ method: Int32,
                             _ input: UnsafePointer<Double>?, _ count: Int32, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
        let handle = ItemHandle(luaKey: key)
        guard let method = Method(rawValue: method), let input, let out,
              let (animator, unlocked) = animator(context, handle.world) else { return Int32(KL_FAST_SLOW) }
        return animator._withUnsafeGuaranteedRef { animator -> Int32? in
            let id = ItemID(index: handle.index, generation: handle.generation, animator: animator.serial)
            switch method {
            case .position:
                guard count == 0, let c = animator.centerIfLive(id) else { return nil }
                return number(0, or: c, true, out)
            case .linearVelocity:
                guard count == 0, let v = animator.velocityIfLive(id) else { return nil }
                return number(0, or: v, true, out)
            case .moveTo:
                guard unlocked, count == 2 || count == 3 else { return nil }
                let center = Vec2(input[0], input[1])
                guard let angle = count == 3 ? input[2] : animator.angleIfLive(id) else { return nil }
                do throws(DynamicsError) {
                    try animator.moveItem(id, to: center, angle: angle)
                } catch {
                    return nil  // throws only before a change; the general body reports it
                }
                return Int32(KL_FAST_NONE)
            }
        } ?? Int32(KL_FAST_SLOW)
    }
}
