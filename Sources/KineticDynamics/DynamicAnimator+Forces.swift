// The "apply behaviours" part of a step: gravity, pushes and fields become engine forces and
// impulses (snaps, attachments and item properties are engine joints and body settings).
import KineticPhysics

extension DynamicAnimator {
    /// The gravity behaviour in force: the most recently added one (O7).
    func activeGravity() -> GravityBehavior? {
        var winner: GravityBehavior? = nil
        for case let g as GravityBehavior in flat where winner == nil || g.attachSerial > winner!.attachSerial {
            winner = g
        }
        return winner
    }

    func applyBehaviors(dt: Double) {
        // Velocity fields override every other acceleration on the items they hold (§2.11).
        for case let f as FieldBehavior in flat where f.kind == .velocity {
            let v = Units.fieldUnit * f.strength * f.direction
            for id in f.items where isValid(id) {
                let i = Int(id.index), body = records[i].body
                guard !body.isNull, world.type(of: body) == .dynamic else { continue }
                let p = world.position(of: body)
                guard f.region.contains(p - f.position) else { continue }
                velocityOverridden[i] = true
                try? world.setLinearVelocity(v, of: body)
            }
        }

        // Gravity: mass-independent acceleration, 1.0 = 1000 pt/s².
        if let g = activeGravity() {
            let a = Units.gravityAcceleration * g.gravityDirection
            for id in g.items where isValid(id) {
                let i = Int(id.index), body = records[i].body
                guard !body.isNull, !velocityOverridden[i] else { continue }
                forces[i] += world.mass(of: body) * a
            }
        }

        // Fields: summed per item.
        for case let f as FieldBehavior in flat where f.kind != .velocity {
            let wakes = f.kind == .custom || (f.kind == .noise && f.animationSpeed != 0)
            for id in f.items where isValid(id) {
                let i = Int(id.index), body = records[i].body
                guard !body.isNull, !velocityOverridden[i], world.type(of: body) == .dynamic else { continue }
                let p = world.position(of: body)
                guard f.region.contains(p - f.position) else { continue }
                let sample = FieldSample(position: p, velocity: world.linearVelocity(of: body),
                                         mass: world.mass(of: body), charge: records[i].material.charge,
                                         time: elapsedTime, deltaTime: dt, noiseSeed: noiseSeed)
                let force = f.force(for: sample)
                guard force.isFinite else { continue }
                forces[i] += force
                if wakes { forceWakes[i] = true }
            }
        }

        // Pushes: continuous forces at an offset in the item's rotating frame; instantaneous
        // impulses once, then the push switches itself off.
        for case let push as PushBehavior in flat where push.active {
            let f = Units.newton * push.pushDirection
            for id in push.items where isValid(id) {
                let i = Int(id.index), body = records[i].body
                guard !body.isNull, world.type(of: body) == .dynamic, !velocityOverridden[i] else { continue }
                let offset = push.targetOffsetFromCenter(for: id)
                if push.mode == .instantaneous {
                    let point = world.transform(of: body).apply(offset)
                    world.applyLinearImpulse(f, at: point, to: body, wake: true)
                } else if offset == .zero {
                    forces[i] += f
                } else {
                    world.applyForce(f, at: world.transform(of: body).apply(offset), to: body, wake: false)
                }
            }
            if push.mode == .instantaneous { push.fired() }
        }

        // Flush the per-item sums. Forces never wake a sleeping body unless they change with time
        // alone: resting stacks under gravity can then pause the animator.
        for index in itemOrder {
            let i = Int(index), body = records[i].body
            if !body.isNull, forces[i] != .zero, world.type(of: body) == .dynamic {
                world.applyForceToCenter(forces[i], to: body, wake: forceWakes[i])
            }
            forces[i] = .zero
            velocityOverridden[i] = false
            forceWakes[i] = false
        }
    }
}
