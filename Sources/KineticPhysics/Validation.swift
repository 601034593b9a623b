// Input checks for definitions: bad values become a `PhysicsError` naming the value, before anything
// in the world changes.

extension World {
    /// The largest magnitude of any number the engine accepts (positions, lengths, angles, speeds,
    /// forces, impulses, torques, frequencies, damping, densities, friction, restitution). Finite
    /// numbers beyond it (1e300) multiply or square to infinity inside the step and turn the world
    /// NaN; they are refused like NaN: throwing calls throw, setters ignore them. Caps that mean
    /// "no limit" (a distance joint's maxLength, a motor's maxTorque, a target joint's maxForce)
    /// may be larger.
    public static let largestInput = 1e15
    /// The largest magnitude of a coordinate or length: body positions, shape geometry, joint anchors,
    /// targets, lengths and translation limits (100 km at 100 pt per metre, Box2D's B2_HUGE). An anchor
    /// 10⁹ pt from a 1 pt body makes lever arms whose squares swamp the body's mass, and the joint's
    /// impulses grow without bound.
    public static let largestCoordinate = 1e7

    func validate(_ def: BodyDef) throws(PhysicsError) {
        guard def.position.isUsableCoordinate else { throw PhysicsError("body position \(def.position) must be finite and within ±\(World.largestCoordinate)") }
        guard def.angle.isUsableInput else { throw PhysicsError("body angle \(def.angle) must be finite and within ±\(World.largestInput)") }
        guard def.linearVelocity.isUsableInput else { throw PhysicsError("body linear velocity \(def.linearVelocity) must be finite and within ±\(World.largestInput)") }
        guard def.angularVelocity.isUsableInput else { throw PhysicsError("body angular velocity \(def.angularVelocity) must be finite and within ±\(World.largestInput)") }
        guard def.linearDamping.isUsableInput, def.linearDamping >= 0 else { throw PhysicsError("body linear damping must be finite, ≤ \(World.largestInput) and ≥ 0, got \(def.linearDamping)") }
        guard def.angularDamping.isUsableInput, def.angularDamping >= 0 else { throw PhysicsError("body angular damping must be finite, ≤ \(World.largestInput) and ≥ 0, got \(def.angularDamping)") }
        guard def.gravityScale.isUsableInput else { throw PhysicsError("body gravity scale \(def.gravityScale) must be finite and within ±\(World.largestInput)") }
    }

    func validate(_ def: ShapeDef) throws(PhysicsError) {
        guard def.density.isUsableDensity else {
            throw PhysicsError("shape density must be 0 or between \(1 / World.largestInput) and \(World.largestInput), got \(def.density)")
        }
        guard def.friction.isUsableInput, def.friction >= 0 else { throw PhysicsError("shape friction must be finite, ≤ \(World.largestInput) and ≥ 0, got \(def.friction)") }
        guard def.restitution.isUsableInput, def.restitution >= 0 else { throw PhysicsError("shape restitution must be finite, ≤ \(World.largestInput) and ≥ 0, got \(def.restitution)") }
        if let direction = def.oneWay, World.oneWayUnit(direction) == nil {
            throw PhysicsError("shape one-way direction must be finite, within ±\(World.largestInput) and not zero, got \(direction)")
        }
    }

    /// The slot of a live joint of the given kind.
    func slot(_ id: JointID, _ kind: JointKind) -> Int? {
        guard let j = slot(id), jointStore[j].kind == kind else { return nil }
        return j
    }

    func wakeJoint(_ j: Int) {
        if jointStore[j].bodyA >= 0 { wake(Int(jointStore[j].bodyA)) }
        wake(Int(jointStore[j].bodyB))
    }

    /// Re-mixes friction and restitution of a shape's contacts after a material change.
    func refreshContactMaterials(_ s: Int) {
        var key = bodyStore[Int(shapes[s].body)].contactHead
        while key >= 0 {
            let c = Int(key >> 1)
            let a = Int(contacts[c].shapeA), b = Int(contacts[c].shapeB)
            if a == s || b == s {
                contacts[c].friction = World.mixFriction(shapes[a].friction, shapes[b].friction)
                contacts[c].restitution = World.mixRestitution(shapes[a].restitution, shapes[b].restitution)
            }
            key = contacts[c].edge(Int(key & 1)).next
        }
    }

    // MARK: - Joints

    private func jointBodies(_ a: BodyID, _ b: BodyID, _ name: String) throws(PhysicsError) -> (Int32, Int32) {
        guard let ia = slot(a) else { throw PhysicsError("\(name) joint: body A \(a) is not a live body") }
        guard let ib = slot(b) else { throw PhysicsError("\(name) joint: body B \(b) is not a live body") }
        guard ia != ib else { throw PhysicsError("\(name) joint: body A and body B are the same body \(a)") }
        return (Int32(ia), Int32(ib))
    }

    /// Checks and stores what every joint between two bodies has: its kind, its two bodies, their
    /// anchors, and whether the bodies still collide.
    private func connect(_ j: inout JointData, _ kind: JointKind, _ d: some TwoBodyJointDef) throws(PhysicsError) {
        (j.bodyA, j.bodyB) = try jointBodies(d.bodyA, d.bodyB, "\(kind)")
        try check(d.localAnchorA, "\(kind) joint localAnchorA"); try check(d.localAnchorB, "\(kind) joint localAnchorB")
        j.kind = kind
        j.localAnchorA = d.localAnchorA; j.localAnchorB = d.localAnchorB
        j.collideConnected = d.collideConnected
    }

    private func check(_ value: Double, _ what: String, min: Double? = nil, positive: Bool = false, isLength: Bool = false) throws(PhysicsError) {
        let bound = isLength ? World.largestCoordinate : World.largestInput
        guard value.isFinite, abs(value) <= bound else { throw PhysicsError("\(what) must be finite and within ±\(bound), got \(value)") }
        if positive && !(value > 0) { throw PhysicsError("\(what) must be > 0, got \(value)") }
        if let min, value < min { throw PhysicsError("\(what) must be ≥ \(min), got \(value)") }
    }

    /// A cap such as a motor's largest torque: any size, up to "no limit" (+∞).
    private func checkCap(_ value: Double, _ what: String) throws(PhysicsError) {
        guard !value.isNaN, value >= 0 else { throw PhysicsError("\(what) must be ≥ 0, got \(value)") }
    }

    private func check(_ v: Vec2, _ what: String) throws(PhysicsError) {
        guard v.isUsableCoordinate else { throw PhysicsError("\(what) \(v) must be finite and within ±\(World.largestCoordinate)") }
    }

    /// Validates a definition and builds the joint's storage (not yet inserted).
    func makeJoint(_ def: JointDef) throws(PhysicsError) -> JointData {
        var j = JointData()
        switch def {
        case .distance(let d):
            try connect(&j, .distance, d)
            try check(d.length, "distance joint length", positive: true, isLength: true)
            try check(d.minLength, "distance joint minLength", min: 0, isLength: true)
            guard !d.maxLength.isNaN, d.maxLength >= d.minLength else {
                throw PhysicsError("distance joint maxLength \(d.maxLength) must be ≥ minLength \(d.minLength)")
            }
            try check(d.hertz, "distance joint hertz", min: 0); try check(d.dampingRatio, "distance joint dampingRatio", min: 0)
            j.length = d.length; j.minLength = d.minLength; j.maxLength = d.maxLength
            j.enableLimit = d.enableLimit; j.enableSpring = d.enableSpring
            j.hertz = d.hertz; j.dampingRatio = d.dampingRatio
        case .revolute(let d):
            try connect(&j, .revolute, d)
            try check(d.referenceAngle, "revolute joint referenceAngle")
            try check(d.lowerAngle, "revolute joint lowerAngle"); try check(d.upperAngle, "revolute joint upperAngle")
            guard d.lowerAngle <= d.upperAngle else {
                throw PhysicsError("revolute joint lowerAngle \(d.lowerAngle) must be ≤ upperAngle \(d.upperAngle)")
            }
            try check(d.motorSpeed, "revolute joint motorSpeed"); try checkCap(d.maxMotorTorque, "revolute joint maxMotorTorque")
            j.referenceAngle = d.referenceAngle
            j.enableLimit = d.enableLimit; j.lower = d.lowerAngle; j.upper = d.upperAngle
            j.enableMotor = d.enableMotor; j.motorSpeed = d.motorSpeed; j.maxMotor = d.maxMotorTorque
        case .weld(let d):
            try connect(&j, .weld, d)
            try check(d.referenceAngle, "weld joint referenceAngle")
            try check(d.linearHertz, "weld joint linearHertz", min: 0); try check(d.angularHertz, "weld joint angularHertz", min: 0)
            try check(d.linearDampingRatio, "weld joint linearDampingRatio", min: 0)
            try check(d.angularDampingRatio, "weld joint angularDampingRatio", min: 0)
            j.referenceAngle = d.referenceAngle
            j.linearHertz = d.linearHertz; j.angularHertz = d.angularHertz
            j.linearDampingRatio = d.linearDampingRatio; j.angularDampingRatio = d.angularDampingRatio
        case .prismatic(let d):
            try connect(&j, .prismatic, d)
            try check(d.localAxisA, "prismatic joint localAxisA")
            guard d.localAxisA.length > 1e-9 else { throw PhysicsError("prismatic joint localAxisA \(d.localAxisA) must not be zero") }
            try check(d.referenceAngle, "prismatic joint referenceAngle")
            try check(d.lowerTranslation, "prismatic joint lowerTranslation", isLength: true); try check(d.upperTranslation, "prismatic joint upperTranslation", isLength: true)
            guard d.lowerTranslation <= d.upperTranslation else {
                throw PhysicsError("prismatic joint lowerTranslation \(d.lowerTranslation) must be ≤ upperTranslation \(d.upperTranslation)")
            }
            try check(d.motorSpeed, "prismatic joint motorSpeed"); try checkCap(d.maxMotorForce, "prismatic joint maxMotorForce")
            j.localAxisA = d.localAxisA.normalized
            j.referenceAngle = d.referenceAngle
            j.enableLimit = d.enableLimit; j.lower = d.lowerTranslation; j.upper = d.upperTranslation
            j.enableMotor = d.enableMotor; j.motorSpeed = d.motorSpeed; j.maxMotor = d.maxMotorForce
        case .target(let d):
            guard let b = slot(d.body) else { throw PhysicsError("target joint: body \(d.body) is not a live body") }
            try check(d.localAnchor, "target joint localAnchor"); try check(d.target, "target joint target")
            try check(d.hertz, "target joint hertz", min: 0); try check(d.dampingRatio, "target joint dampingRatio", min: 0)
            guard !d.maxForce.isNaN, d.maxForce >= 0 else { throw PhysicsError("target joint maxForce must be ≥ 0, got \(d.maxForce)") }
            try check(d.angularHertz, "target joint angularHertz", min: 0)
            try check(d.angularDampingRatio, "target joint angularDampingRatio", min: 0)
            try check(d.targetAngle, "target joint targetAngle")
            j.kind = .target
            j.bodyA = -1; j.bodyB = Int32(b)
            j.localAnchorB = d.localAnchor
            j.target = d.target
            j.hertz = d.hertz; j.dampingRatio = d.dampingRatio; j.maxForce = d.maxForce
            j.angularHertz = d.angularHertz; j.angularDampingRatio = d.angularDampingRatio; j.targetAngle = d.targetAngle
            j.collideConnected = true
        }
        return j
    }
}

extension Double {
    /// Finite and within ±World.largestInput (NaN fails the comparison).
    @inline(__always) public var isUsableInput: Bool { abs(self) <= World.largestInput }
    /// Finite and within ±World.largestCoordinate.
    @inline(__always) public var isUsableCoordinate: Bool { abs(self) <= World.largestCoordinate }
    /// 0 (massless shape) or within [1/largestInput, largestInput]: a density of 1e-308 gives a mass
    /// whose inverse overflows.
    @inline(__always) var isUsableDensity: Bool { self == 0 || (self >= 1 / World.largestInput && self <= World.largestInput) }
}

extension Vec2 {
    /// Finite and within ±World.largestInput on both axes.
    @inline(__always) public var isUsableInput: Bool { x.isUsableInput && y.isUsableInput }
    /// Finite and within ±World.largestCoordinate on both axes.
    @inline(__always) public var isUsableCoordinate: Bool { x.isUsableCoordinate && y.isUsableCoordinate }
}
