// The item properties a level reads and writes every frame (`item.x`, `item.center`,
// `item.velocity`, ...), served by C functions that the bridge's __index and __newindex call
// directly: one handle check, the state read straight from the item's record or body, numbers out,
// no Lua call, no allocation, no error. Position and angle writes and `moveTo` are noted in the
// world's `DeferredMoves` and teleport the item when Lua next reaches the host. Anything unusual
// (a stale item, a locked world, a value that is not a finite number) answers "slow", and the
// member's general getter or setter in ItemBinding runs instead, with its checks and messages.
// ItemBehavior's velocity reads of an item are fast methods here too.
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

    /// The world of slot `slot` and its animator, given to `body` (nil for no such world). Nothing
    /// on the way is retained: the state keeps the objects alive during the call, and the retains
    /// and releases would cost as much as the rest of the read. No call happens while the world
    /// array is borrowed, so it needs no retain either.
    @inline(__always)
    static func withWorld<R>(_ context: UnsafeMutableRawPointer?, _ slot: Int32,
                             _ body: (WorldModel, DynamicAnimator) -> R?) -> R? {
        let world = Unmanaged<Runtime>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef { rt in
            rt.worlds.withUnsafeSlots { worlds -> Unmanaged<WorldModel>? in
                guard slot >= 0, Int(slot) < worlds.count else { return nil }
                // A slot is an optional reference: one pointer, null when the slot is free.
                guard let pointer = UnsafeRawPointer(worlds.baseAddress.unsafelyUnwrapped)
                    .load(fromByteOffset: Int(slot) * MemoryLayout<WorldModel?>.stride, as: UnsafeRawPointer?.self)
                else { return nil }
                return Unmanaged<WorldModel>.fromOpaque(pointer)
            }
        }
        return world?._withUnsafeGuaranteedRef { world in
            Unmanaged.passUnretained(world.animator)._withUnsafeGuaranteedRef { animator in body(world, animator) }
        }
    }

    /// The item's center, a noted move included; nil for a stale item.
    @inline(__always)
    private static func center(_ world: WorldModel, _ animator: DynamicAnimator, _ id: ItemID) -> Vec2? {
        if !world.moves.isEmpty, let move = world.moves.move(of: id) { return move.center }
        return animator.centerIfLive(id)
    }

    /// Settles the world when a move of `id` is noted: before anything but a center read or another
    /// move, which must see the item where the script put it.
    @inline(__always)
    static func settle(_ world: WorldModel, for id: ItemID) {
        if !world.moves.isEmpty, world.moves.move(of: id) != nil { world.settleMoves() }
    }

    /// Changes the item's noted move (or a new one from where it is) with `change` and notes it, if
    /// the animator takes the result; nil (nothing noted) for a stale item or a refused value.
    @inline(__always)
    private static func note(_ world: WorldModel, _ animator: DynamicAnimator, _ id: ItemID,
                             _ change: (inout DeferredMoves.Move) -> Bool) -> Int32? {
        if let index = world.moves.index(of: id) {
            var move = world.moves.list[index]
            guard change(&move), DeferredMoves.accepts(move.center, angle: move.angle) else { return nil }
            world.moves.replace(at: index, with: move)
        } else {
            guard let center = animator.centerIfLive(id) else { return nil }
            var move = DeferredMoves.Move(item: id, center: center, angle: nil, stops: false)
            guard change(&move), DeferredMoves.accepts(move.center, angle: move.angle) else { return nil }
            world.moves.append(move)
        }
        return Int32(KL_FAST_DEFERRED)
    }

    private static func get(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ member: Int32,
                            _ out: UnsafeMutablePointer<Double>?) -> Int32 {
        let handle = ItemHandle(luaKey: key)
        guard let member = Member(rawValue: member), let out else { return Int32(KL_FAST_SLOW) }
        return withWorld(context, handle.world) { world, animator -> Int32? in
            let id = ItemID(index: handle.index, generation: handle.generation, animator: animator.serial)
            switch member {
            case .x, .y, .center:
                guard let c = center(world, animator, id) else { return nil }
                return number(member == .x ? c.x : c.y, or: c, member == .center, out)
            case .velocity:
                settle(world, for: id)
                guard let v = animator.velocityIfLive(id) else { return nil }
                return number(0, or: v, true, out)
            case .angle:
                settle(world, for: id)
                guard let a = animator.angleIfLive(id) else { return nil }
                return number(a, or: .zero, false, out)
            case .angularVelocity:
                settle(world, for: id)
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
        return withWorld(context, handle.world) { world, animator -> Int32? in
            guard world.phase != .stepping else { return nil }
            let id = ItemID(index: handle.index, generation: handle.generation, animator: animator.serial)
            switch member {
            case .x, .y, .angle:
                // Noted, not teleported: the world teleports the item once, at the next settle.
                return note(world, animator, id) { move in
                    switch member {
                    case .x: move.center.x = value
                    case .y: move.center.y = value
                    default: move.angle = value
                    }
                    return true
                }
            case .angularVelocity:
                guard animator.isValid(id) else { return nil }
                settle(world, for: id)
                do throws(DynamicsError) {
                    try animator.setAngularVelocity(value, of: id)
                } catch {
                    return nil  // throws only before a change; the general setter reports it
                }
                return 1
            case .center, .velocity:
                return nil  // points: the general setter reads the table
            }
        } ?? 0
    }

    private static func call(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ method: Int32,
                             _ input: UnsafePointer<kl_FastArg>?, _ count: Int32, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
        let handle = ItemHandle(luaKey: key)
        guard let method = Method(rawValue: method), let input, let out else { return Int32(KL_FAST_SLOW) }
        return withWorld(context, handle.world) { world, animator -> Int32? in
            let id = ItemID(index: handle.index, generation: handle.generation, animator: animator.serial)
            switch method {
            case .position:
                guard count == 0, let c = center(world, animator, id) else { return nil }
                return number(0, or: c, true, out)
            case .linearVelocity:
                guard count == 0 else { return nil }
                settle(world, for: id)
                guard let v = animator.velocityIfLive(id) else { return nil }
                return number(0, or: v, true, out)
            case .moveTo:
                guard world.phase != .stepping, count == 2 || count == 3,
                      input[0].tag == 0, input[1].tag == 0, count == 2 || input[2].tag == 0 else { return nil }
                return note(world, animator, id) { move in
                    move.center = Vec2(input[0].number, input[1].number)
                    // Without an angle the item keeps the one it has, or was last given.
                    if count == 3 {
                        move.angle = input[2].number
                    } else if move.angle == nil {
                        guard let angle = animator.angleIfLive(id) else { return false }
                        move.angle = angle
                    }
                    move.stops = true
                    return true
                }
            }
        } ?? Int32(KL_FAST_SLOW)
    }

    /// An ItemBehavior's velocity reads of an item (`ib:angularVelocity(item)`), which a script may
    /// call every frame, as fast methods: C hands over the behaviour's and the item's handles, and
    /// the value is read without a Swift call through the dispatcher and without a retain. Anything
    /// unusual (a stale handle, an item the behaviour does not list, a behaviour outside a world)
    /// runs the general body in ItemBehaviorBinding, with its messages.
    enum BehaviorMethod: Int32, CaseIterable {
        case linearVelocity, angularVelocity
    }

    static func itemBehaviorMethods(_ rt: Runtime) -> LuaFastMembers {
        // Unretained: the Runtime lives as long as its state (the registered functions hold it).
        LuaFastMembers(names: [], context: Unmanaged.passUnretained(rt).toOpaque(), get: nil, set: nil,
                       methods: BehaviorMethod.allCases.map { "\($0)" },
                       call: { context, key, method, input, count, out in
                           ItemFastPath.callItemBehavior(context, key, method, input, count, out)
                       })
    }

    private static func callItemBehavior(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ method: Int32,
                             _ input: UnsafePointer<kl_FastArg>?, _ count: Int32, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
        guard let method = BehaviorMethod(rawValue: method), let input, let out, count == 1 else { return Int32(KL_FAST_SLOW) }
        let handle = BehaviorHandle(SlotHandle(luaKey: key))
        let argument = input[0]
        let behavior = Unmanaged<Runtime>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef { rt in
            rt.behaviors.withUnsafeSlots { slots -> Unmanaged<DynamicBehavior>? in
                guard argument.tag == rt.itemTag, rt.behaviors.isLive(handle.slotHandle) else { return nil }
                // A slot is an optional reference: one pointer, null when the slot is free.
                guard let pointer = UnsafeRawPointer(slots.baseAddress.unsafelyUnwrapped)
                    .load(fromByteOffset: Int(handle.slot) * MemoryLayout<BehaviorEntry?>.stride, as: UnsafeRawPointer?.self)
                else { return nil }
                return Unmanaged<BehaviorEntry>.fromOpaque(pointer)._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.behavior) }
            }
        }
        guard let behavior else { return Int32(KL_FAST_SLOW) }
        let item = ItemHandle(luaKey: argument.key)
        return withWorld(context, item.world) { world, animator -> Int32? in
            behavior._withUnsafeGuaranteedRef { behavior -> Int32? in
                let id = ItemID(index: item.index, generation: item.generation, animator: animator.serial)
                guard behavior.animator === animator, behavior.lists(id) else { return nil }
                settle(world, for: id)
                switch method {
                case .linearVelocity:
                    guard let v = animator.velocityIfLive(id) else { return nil }
                    out[0] = v.x
                    out[1] = v.y
                    return Int32(KL_FAST_POINT)
                case .angularVelocity:
                    guard let w = animator.angularVelocityIfLive(id) else { return nil }
                    out[0] = w
                    return Int32(KL_FAST_NUMBER)
                }
            }
        } ?? Int32(KL_FAST_SLOW)
    }
}
