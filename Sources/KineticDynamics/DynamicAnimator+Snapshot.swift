// The snapshot a renderer draws from: items, links, contacts, fields and boundaries, copied out.
import KineticPhysics

extension DynamicAnimator {
    /// Copies what a frame needs to draw. Cheap enough to call once per rendered frame.
    public func snapshot() -> AnimatorSnapshot {
        synchronize()
        var items: [ItemSnapshot] = []
        items.reserveCapacity(itemOrder.count)
        for index in itemOrder {
            let i = Int(index)
            let r = records[i]
            let id = itemID(slot: i)
            let hasBody = !r.body.isNull
            items.append(ItemSnapshot(
                id: id, name: r.name,
                center: hasBody ? world.position(of: r.body) : r.center,
                angle: hasBody ? world.angle(of: r.body) : r.angle,
                size: r.geometry.size, bounds: r.bounds, shapes: r.geometry.shapes,
                velocity: (try? velocity(of: id)) ?? .zero,
                angularVelocity: hasBody ? world.angularVelocity(of: r.body) : r.angularVelocity,
                isSimulated: hasBody, isAnchored: r.material.anchored,
                isAwake: hasBody && world.isAwake(r.body)))
        }
        var links: [LinkSnapshot] = []
        var fields: [FieldSnapshot] = []
        var boundaries: [BoundarySnapshot] = []
        for b in flat {
            switch b {
            case let a as AttachmentBehavior:
                guard !a.joint.isNull, world.isValid(a.joint) else { continue }
                let (pa, pb) = world.worldAnchors(of: a.joint)
                links.append(LinkSnapshot(kind: .attachment(a.kind), itemPoint: pb, otherPoint: pa, items: a.items))
            case let s as SnapBehavior:
                let p = pose(of: s.item).p
                links.append(LinkSnapshot(kind: .snap, itemPoint: p, otherPoint: s.snapPoint, items: s.items))
            case let f as FieldBehavior:
                fields.append(FieldSnapshot(kind: f.kind, position: f.position, region: f.region,
                                            strength: f.strength, direction: f.direction, items: f.items))
            case let c as CollisionBehavior:
                boundaries += c.boundarySnapshots(in: self)
            default:
                break
            }
        }
        return AnimatorSnapshot(time: elapsedTime, isRunning: isRunning, debugEnabled: debugEnabled,
                                referenceBounds: referenceBounds, items: items, links: links,
                                contactPoints: world.contactPoints(), fields: fields, boundaries: boundaries)
    }
}
