// Random edits between steps of an open fuzz scene: creation and destruction, teleports, velocity
// and material changes with extreme values, and hostile input (NaN, ±inf, negative sizes, stale ids)
// that the engine must refuse with a `PhysicsError` or ignore as its documentation says.
import Foundation
import KineticPhysics

extension PhysicsFuzzScene {
    /// A hostile number; with "overflow" excluded, only those whose products cannot overflow
    /// (non-finite, negative, zero), leaving out 1e308 and 1e-308.
    func hostile() -> Double {
        exclude.contains("overflow") ? rng.pick([.nan, .infinity, -.infinity, -1, -1e9, 0, -0.0]) : rng.hostileNumber()
    }

    func editBetweenSteps() {
        let count = rng.chance(0.5) ? 0 : rng.int(1...4)
        for _ in 0..<count {
            stats.edits += 1
            let kind = rng.int(0...15)
            if exclude.contains("e\(kind)") { continue }
            trace("step \(stats.steps + 1) edit e\(kind)")
            switch kind {
            case 0: addRandomBody()
            case 1: destroyRandomBody()
            case 2: addRandomJoint()
            case 3: destroyRandomJointOrShape()
            case 4: teleport()
            case 5: kick()
            case 6: retype()
            case 7: changeMaterial()
            case 8: changeJoint()
            case 9: applyLoads()
            case 10: toggleFlags()
            case 11, 12: hostileInput()
            case 13: staleIds()
            case 14: queries()
            default:
                if let body = live.randomElement(using: &rng) {
                    addShape(to: body, size: rng.logUniform(0.5...5_000), offset: randomPoint(in: 500), insideTheBoxOnly: true)
                }
            }
        }
        // One-way edits ("e16") from the flavour's own stream, after the others: the scene's own
        // draws stay as they were (PhysicsOneWay.swift).
        if hasOneWay && !exclude.contains("e16") && oneWayRandom.chance(0.3) {
            stats.edits += 1
            trace("step \(stats.steps + 1) edit e16")
            changeOneWay()
        }
    }

    private func destroyRandomBody() {
        guard !live.isEmpty else { return }
        let i = rng.int(0...(live.count - 1))
        let body = live.remove(at: i)
        world.destroyBody(body)
        joints.removeAll { !world.isValid($0) }
        staleBodies.append(body)
        stats.destroyed += 1
    }

    private func destroyRandomJointOrShape() {
        if rng.chance(0.5), !joints.isEmpty {
            let j = joints.remove(at: rng.int(0...(joints.count - 1)))
            world.destroyJoint(j)
            staleJoints.append(j)
        } else if let body = live.randomElement(using: &rng), let shape = world.shapes(of: body).randomElement(using: &rng) {
            // A body may end up with no shape at all: it keeps a unit mass and must stay finite.
            world.destroyShape(shape)
            staleShapes.append(shape)
        } else { return }
        stats.destroyed += 1
    }

    private func teleport() {
        guard let body = live.randomElement(using: &rng) else { return }
        try? world.setTransform(position: randomPoint(), angle: rng.uniform(-100...100), of: body)
    }

    private func kick() {
        guard let body = live.randomElement(using: &rng), world.type(of: body) == .dynamic else { return }
        let speed = rng.logUniform(1...50_000), a = rng.uniform(0...(2 * .pi))
        try? world.setLinearVelocity(Vec2(speed * cos(a), speed * sin(a)), of: body)
        try? world.setAngularVelocity(rng.uniform(-1_000...1_000), of: body)
    }

    private func retype() {
        guard let body = live.randomElement(using: &rng) else { return }
        let type = rng.pick([BodyType.dynamic, .kinematic, .static])
        world.setType(type, of: body)
        if type == .kinematic {
            // Kinematic bodies only spin (see addRandomBody), and stay in the scene region.
            try? world.setLinearVelocity(.zero, of: body)
            try? world.setAngularVelocity(rng.uniform(-10...10), of: body)
            if world.worldCenter(of: body).length > 2 * Self.sceneHalfSize {
                try? world.setTransform(position: randomPoint(), angle: 0, of: body)
            }
        }
    }

    private func changeMaterial() {
        guard let body = live.randomElement(using: &rng), let shape = world.shapes(of: body).randomElement(using: &rng) else { return }
        let value = rng.chance(0.2) ? hostile() : rng.logUniform(0.001...1_000)
        trace("material of \(shape) on \(body): \(value)")
        switch rng.int(0...2) {
        case 0: world.setDensity(value, of: shape)
        case 1: world.setFriction(value, of: shape)
        default: world.setRestitution(min(value, 1), of: shape)
        }
        let (d, f, e) = (world.density(of: shape), world.friction(of: shape), world.restitution(of: shape))
        if !(d.isFinite && d >= 0 && f.isFinite && f >= 0 && e.isFinite && e >= 0) {
            report("setter accepted \(value): density \(d) friction \(f) restitution \(e)")
        }
        if !value.isFinite || value < 0 { stats.hostileInputsRefused += 1 }
    }

    private func changeJoint() {
        guard let joint = joints.randomElement(using: &rng) else { return }
        let useHostile = rng.chance(0.3)
        func value(_ range: ClosedRange<Double>) -> Double { useHostile ? hostile() : rng.uniform(range) }
        switch rng.int(0...7) {
        case 0: world.setLength(value(0.5...20_000), of: joint)
        case 1: world.setLengthRange(min: value(0...100), max: value(100...20_000), enabled: rng.chance(0.5), of: joint)
        case 2: world.setSpring(hertz: value(0...100), dampingRatio: value(0...10), enabled: rng.chance(0.5), of: joint)
        case 3: world.setLimits(lower: value(-5...0), upper: value(0...5), enabled: rng.chance(0.5), of: joint)
        case 4: world.setMotor(speed: value(-100...100), maxTorqueOrForce: value(0...1e12), enabled: rng.chance(0.5), of: joint)
        case 5: world.setTarget(useHostile ? Vec2(hostile(), 0) : randomPoint(), of: joint)
        case 6: world.setTargetSpring(hertz: value(0...100), dampingRatio: value(0...10), maxForce: value(0...1e12), of: joint)
        default: world.setWorldAnchorA(useHostile ? Vec2(0, hostile()) : randomPoint(), of: joint)
        }
        if useHostile { stats.hostileInputsRefused += 1 }
        _ = world.jointAngle(of: joint); _ = world.jointTranslation(of: joint)
    }

    private func applyLoads() {
        guard let body = live.randomElement(using: &rng) else { return }
        let p = world.worldCenter(of: body) + randomPoint(in: 100)
        let big = rng.logUniform(1...1e12)
        trace("loads on \(body) big \(big)")
        world.applyForce(Vec2(big, -big), at: p, to: body)
        world.applyLinearImpulse(Vec2(-big, big) * 1e-3, at: p, to: body, wake: rng.chance(0.5))
        world.applyTorque(big, to: body)
        world.applyAngularImpulse(-big, to: body)
        world.applyForceToCenter(Vec2(hostile(), 1), to: body)
        stats.hostileInputsRefused += 1
    }

    private func toggleFlags() {
        guard let body = live.randomElement(using: &rng) else { return }
        trace("flags of \(body)")
        switch rng.int(0...4) {
        case 0: world.setFixedRotation(rng.chance(0.5), of: body)
        case 1: world.setBullet(rng.chance(0.5), of: body)
        case 2: world.setAwake(rng.chance(0.5), of: body)
        case 3: world.setGravityScale(rng.chance(0.2) ? hostile() : rng.uniform(-2...5), of: body)
        default:
            world.setLinearDamping(rng.chance(0.2) ? hostile() : rng.logUniform(0.01...100), of: body)
            world.setAngularDamping(rng.chance(0.2) ? hostile() : rng.logUniform(0.01...100), of: body)
        }
    }

    /// Non-finite or invalid input to every throwing call: each must throw and change nothing.
    private func hostileInput() {
        let before = world.bodyCount
        // Finite hostile values (1e308, −1e9) are legal positions and velocities: teleporting there
        // is allowed, so the state checks would flag the fuzzer itself. Half the time, non-finite only.
        let bad = rng.chance(0.5) ? rng.pick([Double.nan, .infinity, -.infinity]) : hostile()
        func expectThrow(_ what: String, _ body: () throws(PhysicsError) -> Void) {
            do {
                try body()
                // Some hostile numbers (0, 1e-308, -0.0) are legal in some fields; only non-finite must throw.
                if !bad.isFinite { report("\(what) accepted \(bad)") }
            } catch {
                stats.hostileInputsRefused += 1
                if error.message.isEmpty { report("\(what) threw an empty message") }
            }
        }
        trace("hostile \(bad)")
        switch rng.int(0...5) {
        case 0:
            guard !bad.isFinite else { return }
            var def = BodyDef()
            switch rng.int(0...3) {
            case 0: def.position = Vec2(bad, 0)
            case 1: def.angle = bad
            case 2: def.linearVelocity = Vec2(0, bad)
            default: def.angularVelocity = bad
            }
            expectThrow("createBody") { () throws(PhysicsError) in
                let b = try world.createBody(def)
                world.destroyBody(b)
            }
        case 1:
            guard let body = live.randomElement(using: &rng) else { return }
            let geometry: Geometry = rng.pick([
                .circle(Circle(radius: bad)), .ellipse(Ellipse(radii: Vec2(bad, 1))),
                .segment(Segment(.zero, Vec2(bad, 0))), .circle(Circle(center: Vec2(bad, bad), radius: 1)),
            ])
            var def = ShapeDef(); def.density = rng.chance(0.5) ? bad : 1
            expectThrow("createShape") { () throws(PhysicsError) in
                let s = try world.createShape(on: body, def, geometry)
                world.destroyShape(s)
            }
            _ = try? Polygon.make(points: [.zero, Vec2(bad, 0), Vec2(0, 1)])
            _ = try? Polygon.box(halfWidth: bad, halfHeight: 1)
        case 2:
            guard live.count >= 2 else { return }
            var d = DistanceJointDef(); d.bodyA = live[0]; d.bodyB = live[1]; d.length = bad
            var r = RevoluteJointDef(); r.bodyA = live[0]; r.bodyB = live[1]; r.localAnchorA = Vec2(bad, 0)
            var t = TargetJointDef(); t.body = live[0]; t.hertz = bad
            let def = rng.pick([JointDef.distance(d), .revolute(r), .target(t)])
            expectThrow("createJoint") { () throws(PhysicsError) in
                let j = try world.createJoint(def)
                world.destroyJoint(j)
            }
        case 3:
            guard let body = live.randomElement(using: &rng), !bad.isFinite else { return }
            expectThrow("setTransform") { () throws(PhysicsError) in try world.setTransform(position: Vec2(bad, 1), angle: 0, of: body) }
            expectThrow("setLinearVelocity") { () throws(PhysicsError) in try world.setLinearVelocity(Vec2(1, bad), of: body) }
            expectThrow("setAngularVelocity") { () throws(PhysicsError) in try world.setAngularVelocity(bad, of: body) }
        case 4:
            // A joint from a body to itself and joints to destroyed bodies.
            guard let body = live.first else { return }
            var w = WeldJointDef(); w.bodyA = body; w.bodyB = body
            do { _ = try world.createJoint(.weld(w)); report("weld to itself accepted") } catch { stats.hostileInputsRefused += 1 }
            if let stale = staleBodies.last {
                w.bodyB = stale
                do { _ = try world.createJoint(.weld(w)); report("weld to \(stale) accepted") } catch { stats.hostileInputsRefused += 1 }
            }
        default:
            guard let body = live.first else { return }
            expectThrow("createChain") { () throws(PhysicsError) in
                let ids = try world.createChain(on: body, points: [.zero, Vec2(bad, 1), Vec2(1, 1)], isLoop: false, ShapeDef())
                ids.forEach { world.destroyShape($0) }
            }
        }
        if world.bodyCount != before { report("a refused call changed the body count") }
    }

    /// Every mutating call on destroyed ids: no crash, nothing changes; the ids stay invalid.
    private func staleIds() {
        for body in staleBodies.suffix(3) {
            world.destroyBody(body)
            world.setType(.dynamic, of: body)
            world.applyLinearImpulse(Vec2(1, 1), at: .zero, to: body)
            do { try world.setTransform(position: .zero, angle: 0, of: body); report("setTransform on \(body)") } catch { stats.hostileInputsRefused += 1 }
            if world.isValid(body) { report("\(body) is valid after destruction") }
            do { _ = try world.createShape(on: body, ShapeDef(), .circle(Circle(radius: 1))); report("shape on \(body)") } catch { stats.hostileInputsRefused += 1 }
        }
        for shape in staleShapes.suffix(3) {
            world.destroyShape(shape); world.setDensity(2, of: shape); world.setFilter(Filter(), of: shape); world.refilter(shape)
            if world.isValid(shape) { report("\(shape) is valid after destruction") }
        }
        for joint in staleJoints.suffix(3) {
            world.destroyJoint(joint); world.setLength(3, of: joint); world.setTarget(.zero, of: joint)
            if world.isValid(joint) { report("\(joint) is valid after destruction") }
        }
    }

    private func queries() {
        let p = rng.chance(0.2) ? Vec2(hostile(), 0) : randomPoint()
        _ = world.queryPoint(p)
        _ = world.queryAABB(AABB(lower: p, upper: p + Vec2(rng.uniform(0...1_000), rng.uniform(0...1_000))))
        // The same draws as before the other queries were added, so every seed replays as it did.
        let translation = randomPoint(in: 100_000)
        let closest = world.rayCast(from: p, translation: translation)
        let all = world.rayCastAll(from: p, translation: translation)
        if closest?.shape != all.first?.shape || closest?.fraction != all.first?.fraction {
            report("rayCast found \(closest.map { "\($0.shape) at \($0.fraction)" } ?? "nothing"), rayCastAll's first is \(all.first.map { "\($0.shape) at \($0.fraction)" } ?? "nothing")")
        }
        _ = world.queryShape(.circle(Circle(radius: 50)), at: Transform(p, 0))
        _ = world.contactPoints()
        _ = world.stateHash()
    }
}
