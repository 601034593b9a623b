// Contacts solved `laneWidth` at a time, one per SIMD lane, from a lane-wide copy of their
// constraints (Box2D v3 contact_solver.c, b2ContactConstraintSIMD). Each colour's contacts with the
// same point count are grouped once per step; the group's constants and impulses sit side by side in
// one `ContactConstraintPair`, so the substeps load them whole instead of gathering the structures
// field by field. Only body velocities are gathered and scattered per lane.
//
// The contacts of a group touch different bodies, so solving them together is the same as solving
// them one after the other; every lane repeats the scalar solve's operations in the same order (same
// products, sums, max and min), so the numbers are bit for bit those of `solveContact` whatever the
// width. Contacts left without a full group, and the overflow group, are solved one at a time from
// `ContactConstraint`.
//
// The width is chosen when the package is built: two `Double`s (one SSE2 or NEON register) by
// default, four with `-DKINETIC_LANES4` (one AVX register when the target CPU has AVX), eight with
// `-DKINETIC_LANES8` (AVX-512).

#if KINETIC_LANES8
typealias Lanes = SIMD8<Double>
typealias LaneIndices = SIMD8<Int32>
#elseif KINETIC_LANES4
typealias Lanes = SIMD4<Double>
typealias LaneIndices = SIMD4<Int32>
#else
typealias Lanes = SIMD2<Double>
typealias LaneIndices = SIMD2<Int32>
#endif
typealias LaneMask = SIMDMask<Lanes.MaskStorage>
/// Contacts solved side by side.
let laneWidth = Lanes.scalarCount

/// Swift.max(x, y) per lane: y when y ≥ x, else x.
@inline(__always) private func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// Swift.min(x, y) per lane: y when y < x, else x.
@inline(__always) private func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// One point of the contacts of a group, a lane each.
struct LanePoint {
    var rAx = Lanes(), rAy = Lanes(), rBx = Lanes(), rBy = Lanes()
    var baseSeparation = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()

    /// Sets lane `lane` from a constraint point.
    @inline(__always) mutating func load(_ p: ContactConstraintPoint, lane: Int) {
        rAx[lane] = p.anchorA.x; rAy[lane] = p.anchorA.y
        rBx[lane] = p.anchorB.x; rBy[lane] = p.anchorB.y
        baseSeparation[lane] = p.baseSeparation
        normalImpulse[lane] = p.normalImpulse
        tangentImpulse[lane] = p.tangentImpulse
        maxNormalImpulse[lane] = p.maxNormalImpulse
        normalMass[lane] = p.normalMass
        tangentMass[lane] = p.tangentMass
    }

    /// Writes lane `lane`'s impulses back to its constraint point.
    @inline(__always) func storeImpulses(_ cp: inout ContactConstraintPoint, lane: Int) {
        cp.normalImpulse = normalImpulse[lane]
        cp.tangentImpulse = tangentImpulse[lane]
        cp.maxNormalImpulse = maxNormalImpulse[lane]
    }
}

/// `laneWidth` contacts of one colour with the same point count, lane-wide. Kept compact: every
/// substep streams the whole array three times (warm start, solve, relax).
struct ContactConstraintPair {
    /// Solver indices of the bodies, a lane each.
    var indexA = LaneIndices(), indexB = LaneIndices()
    /// The constraints the lanes came from, to store the impulses back after the substeps.
    var constraint = LaneIndices()
    var twoPoints = false
    /// Every lane is frictionless (`ContactConstraint.isFrictionless`).
    var isFrictionless = false
    /// Lanes against a static or kinematic body: the stiffer static softness applies.
    var isStaticPair = LaneMask()
    var nx = Lanes(), ny = Lanes()
    var friction = Lanes()
    var mA = Lanes(), iA = Lanes(), mB = Lanes(), iB = Lanes()
    var p0 = LanePoint(), p1 = LanePoint()
    /// Two-point friction: the tangent mass at the centre of the anchors.
    var centralTangentMass = Lanes()

    /// Fills the group in place from the constraints `indices` (same point count).
    @inline(__always)
    static func fill(_ pair: UnsafeMutablePointer<ContactConstraintPair>, _ cs: UnsafeMutablePointer<ContactConstraint>, _ indices: LaneIndices) {
        let twoPoints = cs[Int(indices[0])].pointCount > 1
        pair.pointee.constraint = indices
        pair.pointee.twoPoints = twoPoints
        var frictionless = true
        for lane in 0..<laneWidth {
            let c = cs + Int(indices[lane])
            pair.pointee.indexA[lane] = c.pointee.indexA; pair.pointee.indexB[lane] = c.pointee.indexB
            frictionless = frictionless && c.pointee.isFrictionless
            pair.pointee.isStaticPair[lane] = c.pointee.isStaticPair
            pair.pointee.nx[lane] = c.pointee.normal.x; pair.pointee.ny[lane] = c.pointee.normal.y
            pair.pointee.friction[lane] = c.pointee.friction
            pair.pointee.mA[lane] = c.pointee.mA; pair.pointee.iA[lane] = c.pointee.iA
            pair.pointee.mB[lane] = c.pointee.mB; pair.pointee.iB[lane] = c.pointee.iB
            pair.pointee.p0.load(c.pointee.p0, lane: lane)
            if twoPoints {
                pair.pointee.p1.load(c.pointee.p1, lane: lane)
                pair.pointee.centralTangentMass[lane] = c.pointee.centralTangentMass
            }
        }
        pair.pointee.isFrictionless = frictionless
    }
}

/// Contact and static softness coefficients, chosen per lane.
struct LaneSoftness {
    var biasRate: Lanes, massScale: Lanes, impulseScale: Lanes

    init(_ soft: Softness) {
        biasRate = Lanes(repeating: soft.biasRate)
        massScale = Lanes(repeating: soft.massScale)
        impulseScale = Lanes(repeating: soft.impulseScale)
    }

    /// The coefficients with the static ones in the lanes of `mask`.
    @inline(__always) func replacing(with other: LaneSoftness, where mask: LaneMask) -> LaneSoftness {
        var s = self
        s.biasRate.replace(with: other.biasRate, where: mask)
        s.massScale.replace(with: other.massScale, where: mask)
        s.impulseScale.replace(with: other.impulseScale, where: mask)
        return s
    }
}

/// The velocities of one body per lane.
private struct LaneBody {
    var vx = Lanes(), vy = Lanes(), w = Lanes()

    @inline(__always) init(_ sb: UnsafeMutablePointer<BodyState>, _ indices: LaneIndices) {
        for lane in 0..<laneWidth {
            let s = sb + Int(indices[lane])
            vx[lane] = s.pointee.v.x; vy[lane] = s.pointee.v.y; w[lane] = s.pointee.w
        }
    }

    /// Stores every lane, except into `shared`, the one state of every static body: its velocity
    /// stays zero (zero inverse mass), and contacts solved side by side share it.
    @inline(__always) func store(_ sb: UnsafeMutablePointer<BodyState>, _ indices: LaneIndices,
                                 except shared: UnsafeMutablePointer<BodyState>) {
        for lane in 0..<laneWidth {
            let s = sb + Int(indices[lane])
            if s != shared { s.pointee.v = Vec2(vx[lane], vy[lane]); s.pointee.w = w[lane] }
        }
    }
}

extension ContactConstraintPair {
    /// Applies the impulse (px, py) at anchors rA, rB: A loses it, B gains it (scalar order).
    @inline(__always) fileprivate func apply(_ px: Lanes, _ py: Lanes, _ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                                             _ a: inout LaneBody, _ b: inout LaneBody) {
        a.vx = a.vx - mA * px; a.vy = a.vy - mA * py
        a.w = a.w - iA * (rAx * py - rAy * px)
        b.vx = b.vx + mB * px; b.vy = b.vy + mB * py
        b.w = b.w + iB * (rBx * py - rBy * px)
    }

    /// Velocity of B's anchor relative to A's: b.v + cross(b.w, rB) − a.v − cross(a.w, rA).
    @inline(__always) fileprivate func relativeVelocity(_ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                                                        _ a: LaneBody, _ b: LaneBody) -> (Lanes, Lanes) {
        let dvx = ((b.vx + (-b.w) * rBy) - a.vx) - (-a.w) * rAy
        let dvy = ((b.vy + b.w * rBx) - a.vy) - a.w * rAx
        return (dvx, dvy)
    }

    /// `warmStartContact` for one point of every lane: P = λn·n + λt·t.
    @inline(__always) fileprivate func warmStart(_ p: LanePoint, _ a: inout LaneBody, _ b: inout LaneBody) {
        let tx = ny, ty = -nx
        let px = p.normalImpulse * nx + p.tangentImpulse * tx
        let py = p.normalImpulse * ny + p.tangentImpulse * ty
        a.w = a.w - iA * (p.rAx * py - p.rAy * px)
        a.vx = a.vx - mA * px; a.vy = a.vy - mA * py
        b.w = b.w + iB * (p.rBx * py - p.rBy * px)
        b.vx = b.vx + mB * px; b.vy = b.vy + mB * py
    }

    /// `solveNormal` for one point of every lane.
    @inline(__always) fileprivate func solveNormal(_ p: inout LanePoint, _ dpx: Lanes, _ dpy: Lanes, _ dqAs: Lanes, _ dqBs: Lanes,
                                                   _ soft: LaneSoftness, _ invH: Lanes, _ minBias: Lanes, useBias: Bool,
                                                            _ a: inout LaneBody, _ b: inout LaneBody) {
        // currentSeparation: dot(dp, n) + dqB.s·cross(rB, n) − dqA.s·cross(rA, n) + base.
        let s = (((dpx * nx + dpy * ny) + dqBs * (p.rBx * ny - p.rBy * nx)) - dqAs * (p.rAx * ny - p.rAy * nx)) + p.baseSeparation
        let speculative = s .> 0
        var velocityBias = Lanes(repeating: 0), massScale = Lanes(repeating: 1), impulseScale = Lanes(repeating: 0)
        velocityBias.replace(with: s * invH, where: speculative)
        if useBias {
            let touching = .!speculative
            velocityBias.replace(with: laneMax(soft.biasRate * s, minBias), where: touching)
            massScale.replace(with: soft.massScale, where: touching)
            impulseScale.replace(with: soft.impulseScale, where: touching)
        }
        let (dvx, dvy) = relativeVelocity(p.rAx, p.rAy, p.rBx, p.rBy, a, b)
        let vn = dvx * nx + dvy * ny
        var impulse = ((-p.normalMass) * massScale) * (vn + velocityBias) - impulseScale * p.normalImpulse
        let newImpulse = laneMax(p.normalImpulse + impulse, Lanes(repeating: 0))
        impulse = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = laneMax(p.maxNormalImpulse, impulse)
        apply(impulse * nx, impulse * ny, p.rAx, p.rAy, p.rBx, p.rBy, &a, &b)
    }

    /// `solveContact` for every lane: normal points one after the other, then friction unless
    /// `withFriction` is false (every pair of the step `isFrictionless`).
    @inline(__always) fileprivate mutating func solve(_ sb: UnsafeMutablePointer<BodyState>, _ shared: UnsafeMutablePointer<BodyState>,
                                                      _ contactSoftness: LaneSoftness, _ staticSoftness: LaneSoftness,
                                                      _ invH: Lanes, _ minBias: Lanes, useBias: Bool, withFriction: Bool) {
        var a = LaneBody(sb, indexA), b = LaneBody(sb, indexB)
        // dp = b.dp − a.dp; the turns enter through their sines.
        var dpx = Lanes(), dpy = Lanes(), dqAs = Lanes(), dqBs = Lanes()
        for lane in 0..<laneWidth {
            let sa = sb + Int(indexA[lane]), sbB = sb + Int(indexB[lane])
            dpx[lane] = sbB.pointee.dp.x - sa.pointee.dp.x; dpy[lane] = sbB.pointee.dp.y - sa.pointee.dp.y
            dqAs[lane] = sa.pointee.dq.s; dqBs[lane] = sbB.pointee.dq.s
        }

        let soft = contactSoftness.replacing(with: staticSoftness, where: isStaticPair)
        // The points as locals: solveNormal reads the pair's constants while it updates a point.
        var q0 = p0
        solveNormal(&q0, dpx, dpy, dqAs, dqBs, soft, invH, minBias, useBias: useBias, &a, &b)
        p0 = q0
        if twoPoints {
            var q1 = p1
            solveNormal(&q1, dpx, dpy, dqAs, dqBs, soft, invH, minBias, useBias: useBias, &a, &b)
            p1 = q1
        }

        // Tangent = normal.rightPerp = (ny, −nx).
        let tx = ny, ty = -nx
        if !withFriction {
            // No friction impulse (see ContactConstraint.isFrictionless).
        } else if twoPoints {
            // solveCentralFriction: one impulse at the centre of the anchors, split evenly.
            let half = Lanes(repeating: 0.5)
            let rAcx = half * (p0.rAx + p1.rAx), rAcy = half * (p0.rAy + p1.rAy)
            let rBcx = half * (p0.rBx + p1.rBx), rBcy = half * (p0.rBy + p1.rBy)
            let (dvx, dvy) = relativeVelocity(rAcx, rAcy, rBcx, rBcy, a, b)
            let vt = dvx * tx + dvy * ty
            let old = p0.tangentImpulse + p1.tangentImpulse
            let maxFriction = friction * (p0.normalImpulse + p1.normalImpulse)
            let total = laneMin(laneMax(old - vt * centralTangentMass, -maxFriction), maxFriction)
            let impulse = total - old
            let split = half * total
            p0.tangentImpulse = split; p1.tangentImpulse = split
            apply(impulse * tx, impulse * ty, rAcx, rAcy, rBcx, rBcy, &a, &b)
        } else {
            // solveFriction at the single point.
            let (dvx, dvy) = relativeVelocity(p0.rAx, p0.rAy, p0.rBx, p0.rBy, a, b)
            let vt = dvx * tx + dvy * ty
            var impulse = (-p0.tangentMass) * vt
            let maxFriction = friction * p0.normalImpulse
            let newImpulse = laneMin(laneMax(p0.tangentImpulse + impulse, -maxFriction), maxFriction)
            impulse = newImpulse - p0.tangentImpulse
            p0.tangentImpulse = newImpulse
            apply(impulse * tx, impulse * ty, p0.rAx, p0.rAy, p0.rBx, p0.rBy, &a, &b)
        }
        a.store(sb, indexA, except: shared)
        b.store(sb, indexB, except: shared)
    }
}

/// The step's contact constraints in solve order: per colour its lane groups ("pairs"), then the
/// contacts left without a full group; the overflow group last, one at a time.
struct ContactSchedule {
    /// The pairs and singles of one colour (or of the overflow group, which has no pairs).
    struct Group {
        var pairStart: Int32, pairEnd: Int32, singleStart: Int32, singleEnd: Int32
        /// The overflow group: its contacts may share bodies, so one thread solves them in order.
        var isOverflow = false

        /// Pairs then singles, as one range of items for the workers.
        var itemCount: Int { Int(pairEnd - pairStart) + Int(singleEnd - singleStart) }
    }
    /// The first `pairCount` are this step's.
    var pairs: ContiguousArray<ContactConstraintPair> = []
    var pairCount = 0
    /// Every pair of this step `isFrictionless`: the passes leave out the pairs' friction solve.
    var pairsFrictionless = true
    /// Constraint indices solved one at a time: each colour's unpaired contacts, then the overflow group.
    var singles: ContiguousArray<Int32> = []
    /// The colours with a contact this step, in order, then the overflow group if it has any: a small
    /// world uses two or three of the 16 colours, and stepping over the empty ones in every pass cost
    /// more than its contacts.
    var groups: ContiguousArray<Group> = []

    /// Groups each colour's contacts of equal point count `laneWidth` at a time in constraint order. `colorStarts` as
    /// `World.colorStarts`: the constraints are in colour order.
    mutating func build(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ colorStarts: UnsafeBufferPointer<Int32>) {
        if !singles.isEmpty { singles.removeAll(keepingCapacity: true) }
        if !groups.isEmpty { groups.removeAll(keepingCapacity: true) }
        pairCount = 0
        guard let base = cs.baseAddress, colorStarts.count == Tuning.graphColorCount + 2 else { return }
        // At most one group per `laneWidth` constraints; grown, never shrunk, and filled in place.
        let most = cs.count / laneWidth
        if pairs.count < most { pairs.append(contentsOf: repeatElement(ContactConstraintPair(), count: most - pairs.count)) }
        pairs.withUnsafeMutableBufferPointer { pairs in
            let pb = pairs.baseAddress!
            var count = 0
            for k in 0..<Tuning.graphColorCount where colorStarts[k] < colorStarts[k + 1] {
                let pairStart = Int32(count), singleStart = Int32(singles.count)
                // The contacts waiting for a full group, one-point and two-point.
                var pendingOne = LaneIndices(), pendingTwo = LaneIndices(), oneCount = 0, twoCount = 0
                for i in Int(colorStarts[k])..<Int(colorStarts[k + 1]) {
                    if base[i].pointCount > 1 {
                        pendingTwo[twoCount] = Int32(i); twoCount += 1
                        if twoCount < laneWidth { continue }
                        ContactConstraintPair.fill(pb + count, base, pendingTwo)
                        twoCount = 0
                    } else {
                        pendingOne[oneCount] = Int32(i); oneCount += 1
                        if oneCount < laneWidth { continue }
                        ContactConstraintPair.fill(pb + count, base, pendingOne)
                        oneCount = 0
                    }
                    count += 1
                }
                for lane in 0..<oneCount { singles.append(pendingOne[lane]) }
                for lane in 0..<twoCount { singles.append(pendingTwo[lane]) }
                groups.append(Group(pairStart: pairStart, pairEnd: Int32(count), singleStart: singleStart, singleEnd: Int32(singles.count)))
            }
            pairCount = count
            pairsFrictionless = (0..<count).allSatisfy { pb[$0].isFrictionless }
        }
        let overflow = colorStarts[Tuning.graphColorCount]..<colorStarts[Tuning.graphColorCount + 1]
        if !overflow.isEmpty {
            let singleStart = Int32(singles.count)
            for i in overflow { singles.append(i) }
            groups.append(Group(pairStart: 0, pairEnd: 0, singleStart: singleStart, singleEnd: Int32(singles.count), isOverflow: true))
        }
    }

    /// Fills the pairs again from their constraints, keeping the grouping: `build` would group the
    /// same way while the colouring and the constraints' point counts are last step's.
    mutating func refill(_ cs: UnsafeMutableBufferPointer<ContactConstraint>) {
        guard let base = cs.baseAddress else { return }
        let count = pairCount
        var frictionless = true
        pairs.withUnsafeMutableBufferPointer { pairs in
            for i in 0..<count {
                let p = pairs.baseAddress! + i
                ContactConstraintPair.fill(p, base, p.pointee.constraint)
                frictionless = frictionless && p.pointee.isFrictionless
            }
        }
        pairsFrictionless = frictionless
    }

    /// Runs `body` with the schedule's arrays as pointers. The substeps take them once per step:
    /// reaching the stored arrays in each of a step's passes checked their uniqueness every time.
    mutating func withPasses<R>(_ body: (ContactPasses) -> R) -> R {
        let pairCount = self.pairCount, pairsFrictionless = self.pairsFrictionless
        return pairs.withUnsafeMutableBufferPointer { pairs in
            groups.withUnsafeMutableBufferPointer { groups in
                singles.withUnsafeMutableBufferPointer { singles in
                    body(ContactPasses(pairs: pairs.baseAddress, pairCount: pairCount, pairsFrictionless: pairsFrictionless,
                                       groups: UnsafeBufferPointer(groups), singles: UnsafeBufferPointer(singles)))
                }
            }
        }
    }

    /// Copies the pairs' impulses back to their constraints (restitution and the next warm start
    /// read them there); each group writes its own constraints, so blocks run on the workers.
    func storeImpulses(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ workers: Workers) {
        guard let base = cs.baseAddress else { return }
        pairs.withUnsafeBufferPointer { pairs in
            guard let pairs = pairs.baseAddress else { return }
            workers.forEachRange(pairCount, minimum: Workers.minimumBodyBlock, StorePairImpulses(pairs: pairs, constraints: base))
        }
    }
}

private struct StorePairImpulses: WorkerStage {
    let pairs: UnsafePointer<ContactConstraintPair>, constraints: UnsafeMutablePointer<ContactConstraint>

    func run(_ range: Range<Int>) {
        for i in range {
            let p = pairs + i
            for lane in 0..<laneWidth {
                let c = constraints + Int(p.pointee.constraint[lane])
                p.pointee.p0.storeImpulses(&c.pointee.p0, lane: lane)
                if p.pointee.twoPoints { p.pointee.p1.storeImpulses(&c.pointee.p1, lane: lane) }
            }
        }
    }
}

/// A step's `ContactSchedule` as pointers, for the passes of its substeps (`withPasses`).
struct ContactPasses {
    /// This step's pairs (nil when there are none).
    let pairs: UnsafeMutablePointer<ContactConstraintPair>?
    let pairCount: Int
    let pairsFrictionless: Bool
    let groups: UnsafeBufferPointer<ContactSchedule.Group>
    let singles: UnsafeBufferPointer<Int32>

    /// Scales the paired contacts' accumulated impulses, lane by lane, by `scale(indexA, indexB)`
    /// (the joints' warm start check, Safeguards/WarmStartEnergyLimit.swift).
    func scaleImpulses(_ scale: (Int32, Int32) -> Double) {
        guard let pairs else { return }
        for i in 0..<pairCount {
            let p = pairs + i
            var s = Lanes()
            for lane in 0..<laneWidth { s[lane] = scale(p.pointee.indexA[lane], p.pointee.indexB[lane]) }
            if s == Lanes(repeating: 1) { continue }
            p.pointee.p0.normalImpulse *= s; p.pointee.p0.tangentImpulse *= s
            p.pointee.p1.normalImpulse *= s; p.pointee.p1.tangentImpulse *= s
        }
    }

    /// Contacts of one colour per block, so a colour's blocks run side by side on the workers.
    static let minimumBlock = 32

    /// How many contacts of group `g` a block takes: the overflow group is one block.
    @inline(__always) private func blockMinimum(_ g: ContactSchedule.Group) -> Int {
        g.isOverflow ? Int.max : ContactPasses.minimumBlock
    }

    /// Applies last step's impulses at the start of a substep, colour by colour; a colour's blocks on
    /// the workers (its contacts move disjoint bodies).
    @inline(__always)
    func warmStart(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
                   _ workers: Workers) {
        guard let base = cs.baseAddress, let sb = states.baseAddress else { return }
        for g in groups {
            workers.forEachRange(g.itemCount, minimum: blockMinimum(g), WarmStartGroup(passes: self, g: g, base: base, sb: sb, shared: sb + (states.count - 1)))
        }
    }
}

/// The warm start of a range of one group's items (pairs first, then singles).
private struct WarmStartGroup: WorkerStage {
    let passes: ContactPasses, g: ContactSchedule.Group
    let base: UnsafeMutablePointer<ContactConstraint>, sb: UnsafeMutablePointer<BodyState>
    /// The static bodies' one state (the last), never stored.
    let shared: UnsafeMutablePointer<BodyState>

    func run(_ items: Range<Int>) {
        let pairs = passes.pairs, singles = passes.singles
        let pairCount = Int(g.pairEnd - g.pairStart)
        for item in items {
            if item < pairCount {
                let p = pairs! + (Int(g.pairStart) + item)
                var a = LaneBody(sb, p.pointee.indexA), b = LaneBody(sb, p.pointee.indexB)
                p.pointee.warmStart(p.pointee.p0, &a, &b)
                if p.pointee.twoPoints { p.pointee.warmStart(p.pointee.p1, &a, &b) }
                a.store(sb, p.pointee.indexA, except: shared)
                b.store(sb, p.pointee.indexB, except: shared)
            } else {
                warmStartContact(base + Int(singles[Int(g.singleStart) + item - pairCount]), sb, shared)
            }
        }
    }
}

extension ContactPasses {

    /// One Gauss-Seidel pass over the contacts, colour by colour: normal (soft when `useBias`) then
    /// friction; a colour's blocks on the workers.
    func solve(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
               _ ctx: StepContext, useBias: Bool, _ workers: Workers) {
        switch (useBias, pairsFrictionless) {
        case (true, false): solvePass(BiasedPass.self, cs, states, ctx, workers)
        case (true, true): solvePass(BiasedFrictionlessPass.self, cs, states, ctx, workers)
        case (false, false): solvePass(RelaxPass.self, cs, states, ctx, workers)
        case (false, true): solvePass(RelaxFrictionlessPass.self, cs, states, ctx, workers)
        }
    }

    /// Specialised for each pass kind (its flags are constants there). Left to the optimiser, with the
    /// flags as arguments, one pass was inlined and the other tested `useBias` at run time, and a
    /// per-pair friction test cost frictional pairs a fifth more instructions in register spills.
    @inline(never)
    private func solvePass<Kind: ContactPassKind>(_ kind: Kind.Type, _ cs: UnsafeMutableBufferPointer<ContactConstraint>,
                                                  _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext,
                                                  _ workers: Workers) {
        guard let base = cs.baseAddress, let sb = states.baseAddress else { return }
        let invH = Lanes(repeating: ctx.invH), minBias = Lanes(repeating: -ctx.maxContactPushSpeed)
        let contactSoftness = LaneSoftness(ctx.contactSoftness), staticSoftness = LaneSoftness(ctx.staticSoftness)
        for g in groups {
            workers.forEachRange(g.itemCount, minimum: blockMinimum(g),
                                 SolveGroup<Kind>(passes: self, g: g, base: base, sb: sb, shared: sb + (states.count - 1), ctx: ctx, invH: invH, minBias: minBias,
                                                  contactSoftness: contactSoftness, staticSoftness: staticSoftness))
        }
    }
}

/// One pass over a range of one group's items (pairs first, then singles).
private struct SolveGroup<Kind: ContactPassKind>: WorkerStage {
    let passes: ContactPasses, g: ContactSchedule.Group
    let base: UnsafeMutablePointer<ContactConstraint>, sb: UnsafeMutablePointer<BodyState>
    /// The static bodies' one state (the last), never stored.
    let shared: UnsafeMutablePointer<BodyState>
    let ctx: StepContext, invH: Lanes, minBias: Lanes
    let contactSoftness: LaneSoftness, staticSoftness: LaneSoftness

    func run(_ items: Range<Int>) {
        let pairs = passes.pairs, singles = passes.singles
        let useBias = Kind.useBias
        let pairCount = Int(g.pairEnd - g.pairStart)
        for item in items {
            if item < pairCount {
                pairs![Int(g.pairStart) + item].solve(sb, shared, contactSoftness, staticSoftness, invH, minBias,
                                                      useBias: useBias, withFriction: Kind.pairFriction)
            } else {
                solveContact(base + Int(singles[Int(g.singleStart) + item - pairCount]), sb, shared, ctx, useBias: useBias)
            }
        }
    }
}

/// The flags of a contact solve pass: `useBias` (the biased solve, else the relax pass) and
/// `pairFriction` (false when every pair of the step is frictionless).
protocol ContactPassKind {
    static var useBias: Bool { get }
    static var pairFriction: Bool { get }
}

private enum BiasedPass: ContactPassKind {
    static var useBias: Bool { true }
    static var pairFriction: Bool { true }
}

private enum BiasedFrictionlessPass: ContactPassKind {
    static var useBias: Bool { true }
    static var pairFriction: Bool { false }
}

private enum RelaxPass: ContactPassKind {
    static var useBias: Bool { false }
    static var pairFriction: Bool { true }
}

private enum RelaxFrictionlessPass: ContactPassKind {
    static var useBias: Bool { false }
    static var pairFriction: Bool { false }
}
