// Contacts solved two at a time, one per SIMD2<Double> lane, from a lane-wide copy of their
// constraints (Box2D v3 contact_solver.c, b2ContactConstraintSIMD). Each colour's contacts with the
// same point count are paired once per step; the pair's constants and impulses sit side by side in
// one `ContactConstraintPair`, so the substeps load them whole instead of gathering two structures
// field by field. Only body velocities are gathered and scattered per lane.
//
// The two contacts of a pair touch different bodies, so solving them together is the same as solving
// them one after the other; every lane repeats the scalar solve's operations in the same order (same
// products, sums, max and min), so the numbers are bit for bit those of `solveContact`. Contacts left
// without a partner, and the overflow group, are solved one at a time from `ContactConstraint`.

typealias Lanes = SIMD2<Double>

/// Swift.max(x, y) per lane: y when y ≥ x, else x.
@inline(__always) private func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// Swift.min(x, y) per lane: y when y < x, else x.
@inline(__always) private func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// Writes lane `lane` of the vector at `v` by a raw store of that one `Double` (`setLane`).
@inline(__always) private func storeLane(_ v: UnsafeMutablePointer<Lanes>, _ lane: Int, _ x: Double) {
    UnsafeMutableRawPointer(v).storeBytes(of: x, toByteOffset: lane &* MemoryLayout<Double>.stride, as: Double.self)
}

/// One point of the two contacts of a pair, a lane each.
struct LanePoint {
    var rAx = Lanes(), rAy = Lanes(), rBx = Lanes(), rBy = Lanes()
    var baseSeparation = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()

    /// Sets lane `lane` of the point at `point` from one prepared constraint point, by raw stores
    /// (`ContactConstraintPair.setLane`).
    @inline(__always) static func setLane(_ lane: Int, of point: UnsafeMutablePointer<LanePoint>, _ p: ContactConstraintPoint) {
        storeLane(point.pointer(to: \.rAx)!, lane, p.anchorA.x); storeLane(point.pointer(to: \.rAy)!, lane, p.anchorA.y)
        storeLane(point.pointer(to: \.rBx)!, lane, p.anchorB.x); storeLane(point.pointer(to: \.rBy)!, lane, p.anchorB.y)
        storeLane(point.pointer(to: \.baseSeparation)!, lane, p.baseSeparation)
        storeLane(point.pointer(to: \.normalImpulse)!, lane, p.normalImpulse)
        storeLane(point.pointer(to: \.tangentImpulse)!, lane, p.tangentImpulse)
        storeLane(point.pointer(to: \.maxNormalImpulse)!, lane, p.maxNormalImpulse)
        storeLane(point.pointer(to: \.normalMass)!, lane, p.normalMass)
        storeLane(point.pointer(to: \.tangentMass)!, lane, p.tangentMass)
    }

    /// Writes lane `lane`'s impulses to its manifold point, for the next step's warm start.
    @inline(__always) func storeImpulses(_ mp: inout ManifoldPoint, lane: Int) {
        mp.normalImpulse = normalImpulse[lane]
        mp.tangentImpulse = tangentImpulse[lane]
    }
}

/// Two contacts of one colour with the same point count, lane-wide, prepared straight into their
/// lanes (`setLane`). Kept compact: every substep streams the whole array three times (warm start,
/// solve, relax).
struct ContactConstraintPair {
    /// Solver indices of the bodies, lane 0 then lane 1.
    var indexA0: Int32 = 0, indexA1: Int32 = 0, indexB0: Int32 = 0, indexB1: Int32 = 0
    /// The contacts the lanes solve, to store their impulses after the substeps.
    var contact0: Int32 = 0, contact1: Int32 = 0
    var twoPoints = false
    /// Lanes against a static or kinematic body: the stiffer static softness applies.
    var isStaticPair = SIMDMask<SIMD2<Int64>>()
    var nx = Lanes(), ny = Lanes()
    var friction = Lanes()
    var mA = Lanes(), iA = Lanes(), mB = Lanes(), iB = Lanes()
    var p0 = LanePoint(), p1 = LanePoint()
    /// Two-point friction: the tangent mass at the centre of the anchors.
    var centralTangentMass = Lanes()

    /// Sets lane `lane` of the pair at `pair` from a prepared constraint with the pair's point count.
    /// Only that lane's memory is written, by raw stores of its `Double`s, and the pair is never
    /// accessed as a whole: the contact of the other lane may be prepared on another thread at the
    /// same time.
    @inline(__always) static func setLane(_ lane: Int, of pair: UnsafeMutablePointer<ContactConstraintPair>, _ c: ContactConstraint) {
        if lane == 0 {
            pair.pointer(to: \.indexA0)!.pointee = c.indexA; pair.pointer(to: \.indexB0)!.pointee = c.indexB
            pair.pointer(to: \.contact0)!.pointee = c.contact
        } else {
            pair.pointer(to: \.indexA1)!.pointee = c.indexA; pair.pointer(to: \.indexB1)!.pointee = c.indexB
            pair.pointer(to: \.contact1)!.pointee = c.contact
        }
        UnsafeMutableRawPointer(pair.pointer(to: \.isStaticPair)!)
            .storeBytes(of: c.isStaticPair ? -1 : 0, toByteOffset: lane &* MemoryLayout<Int64>.stride, as: Int64.self)
        storeLane(pair.pointer(to: \.nx)!, lane, c.normal.x); storeLane(pair.pointer(to: \.ny)!, lane, c.normal.y)
        storeLane(pair.pointer(to: \.friction)!, lane, c.friction)
        storeLane(pair.pointer(to: \.mA)!, lane, c.mA); storeLane(pair.pointer(to: \.iA)!, lane, c.iA)
        storeLane(pair.pointer(to: \.mB)!, lane, c.mB); storeLane(pair.pointer(to: \.iB)!, lane, c.iB)
        LanePoint.setLane(lane, of: pair.pointer(to: \.p0)!, c.p0)
        if pair.pointer(to: \.twoPoints)!.pointee {
            LanePoint.setLane(lane, of: pair.pointer(to: \.p1)!, c.p1)
            storeLane(pair.pointer(to: \.centralTangentMass)!, lane, c.centralTangentMass)
        }
    }

    /// Both lanes' contacts `isFrictionless` (ContactSolver.swift), read back from the lanes.
    @inline(__always) var isFrictionless: Bool {
        let zero = Lanes(repeating: 0)
        var frictionless = friction .== zero
        frictionless .&= p0.tangentImpulse .== zero
        if twoPoints { frictionless .&= p1.tangentImpulse .== zero }
        return all(frictionless)
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
    @inline(__always) func replacing(with other: LaneSoftness, where mask: SIMDMask<SIMD2<Int64>>) -> LaneSoftness {
        var s = self
        s.biasRate.replace(with: other.biasRate, where: mask)
        s.massScale.replace(with: other.massScale, where: mask)
        s.impulseScale.replace(with: other.impulseScale, where: mask)
        return s
    }
}

/// The velocities of one body per lane.
private struct LaneBody {
    var vx: Lanes, vy: Lanes, w: Lanes

    @inline(__always) init(_ s0: UnsafeMutablePointer<BodyState>, _ s1: UnsafeMutablePointer<BodyState>) {
        vx = Lanes(s0.pointee.v.x, s1.pointee.v.x)
        vy = Lanes(s0.pointee.v.y, s1.pointee.v.y)
        w = Lanes(s0.pointee.w, s1.pointee.w)
    }

    /// Stores both lanes, except into `shared`, the one state of every static body: its velocity
    /// stays zero (zero inverse mass), and contacts solved side by side on the workers share it.
    @inline(__always) func store(_ s0: UnsafeMutablePointer<BodyState>, _ s1: UnsafeMutablePointer<BodyState>,
                                 except shared: UnsafeMutablePointer<BodyState>) {
        if s0 != shared { s0.pointee.v = Vec2(vx[0], vy[0]); s0.pointee.w = w[0] }
        if s1 != shared { s1.pointee.v = Vec2(vx[1], vy[1]); s1.pointee.w = w[1] }
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

    /// `warmStartContact` for one point of both lanes: P = λn·n + λt·t.
    @inline(__always) fileprivate func warmStart(_ p: LanePoint, _ a: inout LaneBody, _ b: inout LaneBody) {
        let tx = ny, ty = -nx
        let px = p.normalImpulse * nx + p.tangentImpulse * tx
        let py = p.normalImpulse * ny + p.tangentImpulse * ty
        a.w = a.w - iA * (p.rAx * py - p.rAy * px)
        a.vx = a.vx - mA * px; a.vy = a.vy - mA * py
        b.w = b.w + iB * (p.rBx * py - p.rBy * px)
        b.vx = b.vx + mB * px; b.vy = b.vy + mB * py
    }

    /// `solveNormal` for one point of both lanes.
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

    /// `solveContact` for both lanes: normal points one after the other, then friction unless
    /// `withFriction` is false (every pair of the step `isFrictionless`).
    @inline(__always) fileprivate mutating func solve(_ sb: UnsafeMutablePointer<BodyState>, _ shared: UnsafeMutablePointer<BodyState>,
                                                      _ contactSoftness: LaneSoftness, _ staticSoftness: LaneSoftness,
                                                      _ invH: Lanes, _ minBias: Lanes, useBias: Bool, withFriction: Bool) {
        let sa0 = sb + Int(indexA0), sb0 = sb + Int(indexB0)
        let sa1 = sb + Int(indexA1), sb1 = sb + Int(indexB1)
        var a = LaneBody(sa0, sa1), b = LaneBody(sb0, sb1)
        // dp = b.dp − a.dp; the turns enter through their sines.
        let dpx = Lanes(sb0.pointee.dp.x - sa0.pointee.dp.x, sb1.pointee.dp.x - sa1.pointee.dp.x)
        let dpy = Lanes(sb0.pointee.dp.y - sa0.pointee.dp.y, sb1.pointee.dp.y - sa1.pointee.dp.y)
        let dqAs = Lanes(sa0.pointee.dq.s, sa1.pointee.dq.s), dqBs = Lanes(sb0.pointee.dq.s, sb1.pointee.dq.s)

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
        a.store(sa0, sa1, except: shared)
        b.store(sb0, sb1, except: shared)
    }
}

/// What the schedule pairs a contact's constraint by, kept per constraint in a compact list of its
/// own: the first stage of the preparation writes it in contact order, and in the 272-byte
/// constraints every write was a cache miss.
struct PairingInput {
    var pointCount = 0
    /// Compared with last step's only: a contact whose restitution changes is prepared whole.
    var restitution = 0.0
}

/// The step's contact constraints in solve order: per colour its pairs, then the contacts left
/// without a partner; the overflow group last, one at a time. Built from the constraints' point
/// counts before they are prepared, so a paired contact is prepared straight into its lane.
struct ContactSchedule {
    /// The pairs and singles of one colour (or of the overflow group, which has no pairs).
    struct Group {
        var pairStart: Int32, pairEnd: Int32, singleStart: Int32, singleEnd: Int32
        /// The overflow group: its contacts may share bodies, so one thread solves them in order.
        var isOverflow = false

        /// Pairs then singles, as one range of items for the workers.
        var itemCount: Int { Int(pairEnd - pairStart) + Int(singleEnd - singleStart) }

        /// The group's pairs and singles, as indices into the schedule's lists.
        var pairs: Range<Int> { Int(pairStart)..<Int(pairEnd) }
        var singles: Range<Int> { Int(singleStart)..<Int(singleEnd) }

        /// A range of the group's items (pairs then singles) as indices into the schedule's pairs
        /// and into its singles.
        @inline(__always) func split(_ items: Range<Int>) -> (pairs: Range<Int>, singles: Range<Int>) {
            let pairCount = Int(pairEnd - pairStart)
            let pairItems = items.clamped(to: 0..<pairCount)
            let singleItems = items.clamped(to: pairCount..<Swift.max(pairCount, items.upperBound))
            return (pairItems.lowerBound + Int(pairStart) ..< pairItems.upperBound + Int(pairStart),
                    singleItems.lowerBound - pairCount + Int(singleStart) ..< singleItems.upperBound - pairCount + Int(singleStart))
        }
    }
    /// The first `pairCount` are this step's.
    let pairs = ScratchList<ContactConstraintPair>()
    var pairCount = 0
    /// Every paired contact of this step `isFrictionless`: the passes leave out the pairs' friction
    /// solve. Set after the contacts are prepared.
    var pairsFrictionless = true
    /// Constraint indices solved one at a time: each colour's unpaired contacts, then the overflow group.
    let singles = ScratchList<Int32>()
    /// The colours with a contact this step, in order, then the overflow group if it has any: a small
    /// world uses two or three of the 16 colours, and stepping over the empty ones in every pass cost
    /// more than its contacts.
    let groups = ScratchList<Group>()
    /// Per constraint, where it is solved: pair × 2 + lane, or −1 when it is solved alone.
    let lanes = ScratchList<Int32>()

    /// Pairs each colour's contacts of equal point count in constraint order, from each
    /// constraint's `PairingInput`. `colorStarts` as `World.colorStarts`: the constraints are in
    /// colour order.
    mutating func build(_ inputs: UnsafeBufferPointer<PairingInput>, _ colorStarts: UnsafeBufferPointer<Int32>) {
        singles.clear()
        groups.clear()
        pairCount = 0
        lanes.resize(to: inputs.count, filler: -1)
        guard let base = inputs.baseAddress, colorStarts.count == Tuning.graphColorCount + 2 else { return }
        // At most one pair per two constraints; grown, never shrunk, and filled in place.
        let most = inputs.count / 2
        if pairs.count < most { pairs.resize(to: most, filler: ContactConstraintPair()) }
        let pb = pairs.buffer, lanes = self.lanes.buffer
        var count = 0
        /// Pairs constraints `i` and `j` (same point count) as pair `count`.
        @inline(__always) func pair(_ i: Int, _ j: Int) {
            pb[count].twoPoints = base[i].pointCount > 1
            lanes[i] = Int32(count << 1); lanes[j] = Int32(count << 1 | 1)
            count += 1
        }
        for k in 0..<Tuning.graphColorCount where colorStarts[k] < colorStarts[k + 1] {
            let pairStart = Int32(count), singleStart = Int32(singles.count)
            var pendingOne = -1, pendingTwo = -1
            for i in Int(colorStarts[k])..<Int(colorStarts[k + 1]) {
                lanes[i] = -1
                if base[i].pointCount > 1 {
                    if pendingTwo < 0 { pendingTwo = i } else { pair(pendingTwo, i); pendingTwo = -1 }
                } else {
                    if pendingOne < 0 { pendingOne = i } else { pair(pendingOne, i); pendingOne = -1 }
                }
            }
            if pendingOne >= 0 { singles.append(Int32(pendingOne)) }
            if pendingTwo >= 0 { singles.append(Int32(pendingTwo)) }
            groups.append(Group(pairStart: pairStart, pairEnd: Int32(count), singleStart: singleStart, singleEnd: Int32(singles.count)))
        }
        pairCount = count
        let overflow = Int(colorStarts[Tuning.graphColorCount])..<Int(colorStarts[Tuning.graphColorCount + 1])
        if !overflow.isEmpty {
            let singleStart = Int32(singles.count)
            for i in overflow { lanes[i] = -1; singles.append(Int32(i)) }
            groups.append(Group(pairStart: 0, pairEnd: 0, singleStart: singleStart, singleEnd: Int32(singles.count), isOverflow: true))
        }
    }

    /// The schedule as pointers, for the stages after the preparation (the substeps, the bounce
    /// exchange, the impulse store). Valid until the next `build`.
    @inline(__always) var passes: ContactPasses {
        ContactPasses(pairs: pairs.buffer.baseAddress, pairCount: pairCount, pairsFrictionless: pairsFrictionless,
                      groups: UnsafeBufferPointer(groups.buffer), singles: UnsafeBufferPointer(singles.buffer),
                      lanes: UnsafeBufferPointer(lanes.buffer))
    }
}

extension ContactPasses {
    /// The restitution stage reads and changes a bouncing contact's impulses in its constraint
    /// (`v.restitutionList`); a paired one's are in its lane during the substeps. `toConstraints`:
    /// lanes to constraints before the stage; else constraints to lanes after it, for the store.
    func exchangeBouncingImpulses(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                                  toConstraints: Bool) {
        guard let pairs else { return }
        for k32 in list {
            let k = Int(k32), code = Int(lanes[k])
            guard code >= 0 else { continue }
            let lane = code & 1
            let pair = pairs + (code >> 1)
            exchange(&cs[k].p0, &pair.pointee.p0, lane, toConstraints)
            if cs[k].pointCount > 1 { exchange(&cs[k].p1, &pair.pointee.p1, lane, toConstraints) }
        }
    }
}

@inline(__always) private func exchange(_ cp: inout ContactConstraintPoint, _ lp: inout LanePoint, _ lane: Int, _ toConstraint: Bool) {
    if toConstraint {
        cp.normalImpulse = lp.normalImpulse[lane]
        cp.tangentImpulse = lp.tangentImpulse[lane]
        cp.maxNormalImpulse = lp.maxNormalImpulse[lane]
    } else {
        lp.normalImpulse[lane] = cp.normalImpulse
        lp.tangentImpulse[lane] = cp.tangentImpulse
        lp.maxNormalImpulse[lane] = cp.maxNormalImpulse
    }
}

/// Copies the pairs' final impulses into their contacts' manifolds (Step/Finalize.swift stores the
/// singles'); each pair writes its own two contacts, so blocks run on the workers.
struct StorePairImpulses: WorkerStage {
    let pairs: UnsafePointer<ContactConstraintPair>, contacts: UnsafeMutablePointer<ContactData>

    @inline(__always) func run(_ range: Range<Int>) {
        for i in range {
            let p = pairs + i
            let m0 = contacts + Int(p.pointee.contact0), m1 = contacts + Int(p.pointee.contact1)
            p.pointee.p0.storeImpulses(&m0.pointee.manifold.point0, lane: 0)
            p.pointee.p0.storeImpulses(&m1.pointee.manifold.point0, lane: 1)
            if p.pointee.twoPoints {
                p.pointee.p1.storeImpulses(&m0.pointee.manifold.point1, lane: 0)
                p.pointee.p1.storeImpulses(&m1.pointee.manifold.point1, lane: 1)
            }
        }
    }
}

/// A step's `ContactSchedule` as pointers, for the passes of its substeps (`ContactSchedule.passes`).
struct ContactPasses {
    /// This step's pairs (nil when there are none).
    let pairs: UnsafeMutablePointer<ContactConstraintPair>?
    let pairCount: Int
    let pairsFrictionless: Bool
    let groups: UnsafeBufferPointer<ContactSchedule.Group>
    let singles: UnsafeBufferPointer<Int32>
    /// Per constraint, its pair and lane (pair << 1 | lane), or −1 when it is solved on its own.
    let lanes: UnsafeBufferPointer<Int32>

    /// Calls `body` with the solver indices of the bodies of every contact solved this step, and
    /// whether it is against a static or kinematic body: the singles' from their constraints, the
    /// paired ones' from their lanes (their constraints are written only when they bounce).
    func forEachContact(_ cs: UnsafeMutableBufferPointer<ContactConstraint>,
                        _ body: (_ indexA: Int32, _ indexB: Int32, _ isStaticPair: Bool) -> Void) {
        for k in singles { body(cs[Int(k)].indexA, cs[Int(k)].indexB, cs[Int(k)].isStaticPair) }
        guard let pairs else { return }
        for i in 0..<pairCount {
            let p = pairs[i]
            body(p.indexA0, p.indexB0, p.isStaticPair[0])
            body(p.indexA1, p.indexB1, p.isStaticPair[1])
        }
    }

    /// Scales the accumulated impulses of every contact solved this step, by `scale(indexA, indexB)`
    /// (the joints' warm start check, Safeguards/WarmStartEnergyLimit.swift): the singles' in their
    /// constraints, the paired ones' in their lanes.
    func scaleImpulses(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ scale: (Int32, Int32) -> Double) {
        for k in singles {
            let s = scale(cs[Int(k)].indexA, cs[Int(k)].indexB)
            if s != 1 { cs[Int(k)].scaleImpulses(by: s) }
        }
        guard let pairs else { return }
        for i in 0..<pairCount {
            let p = pairs + i
            let s = Lanes(scale(p.pointee.indexA0, p.pointee.indexB0), scale(p.pointee.indexA1, p.pointee.indexB1))
            if s == Lanes(1, 1) { continue }
            p.pointee.p0.normalImpulse *= s; p.pointee.p0.tangentImpulse *= s
            p.pointee.p1.normalImpulse *= s; p.pointee.p1.tangentImpulse *= s
        }
    }

    /// Contacts of one colour per block, so a colour's blocks run side by side on the workers.
    static let minimumBlock = 32

    /// Applies last step's impulses at the start of a substep, colour by colour; a colour's blocks on
    /// the workers (its contacts move disjoint bodies).
    @inline(__always)
    func warmStart(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
                   _ workers: Workers) {
        guard let base = cs.baseAddress, let sb = states.baseAddress else { return }
        forEachGroup(WarmStartItems(pairs: pairs, singles: singles, base: base, sb: sb, shared: sb + (states.count - 1)), workers)
    }

    /// One Gauss-Seidel pass over the contacts, colour by colour: normal (soft when `useBias`) then
    /// friction; a colour's blocks on the workers.
    func solve(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
               _ constants: ContactSolveConstants, useBias: Bool, _ workers: Workers) {
        switch (useBias, pairsFrictionless) {
        case (true, false): solvePass(BiasedPass.self, cs, states, constants, workers)
        case (true, true): solvePass(BiasedFrictionlessPass.self, cs, states, constants, workers)
        case (false, false): solvePass(RelaxPass.self, cs, states, constants, workers)
        case (false, true): solvePass(RelaxFrictionlessPass.self, cs, states, constants, workers)
        }
    }

    /// Specialised for each pass kind (its flags are constants there). Left to the optimiser, with the
    /// flags as arguments, one pass was inlined and the other tested `useBias` at run time, and a
    /// per-pair friction test cost frictional pairs a fifth more instructions in register spills.
    @inline(never)
    private func solvePass<Kind: ContactPassKind>(_ kind: Kind.Type, _ cs: UnsafeMutableBufferPointer<ContactConstraint>,
                                                  _ states: UnsafeMutableBufferPointer<BodyState>,
                                                  _ constants: ContactSolveConstants, _ workers: Workers) {
        guard let base = cs.baseAddress, let sb = states.baseAddress else { return }
        forEachGroup(SolveItems<Kind>(pairs: pairs, singles: singles, base: base, sb: sb, shared: sb + (states.count - 1),
                                      constants: constants), workers)
    }

    /// Runs `items` over every group in order. On one thread, or with too few contacts for any
    /// colour to fill two blocks, one loop with `items` built once: a stage per group copied the
    /// pass's pointers and constants for every group of every pass. On the workers, a group's blocks
    /// run side by side; the overflow group is one block.
    @inline(__always) private func forEachGroup<Items: ContactGroupItems>(_ items: Items, _ workers: Workers) {
        if workers.count == 1 || pairCount + singles.count < 2 * ContactPasses.minimumBlock {
            for g in groups { items.run(pairs: g.pairs, singles: g.singles) }
        } else {
            for g in groups {
                workers.forEachRange(g.itemCount, minimum: g.isOverflow ? Int.max : ContactPasses.minimumBlock,
                                     ContactGroupStage(items: items, group: g))
            }
        }
    }
}

/// A pass's work over some of the schedule's pairs and singles (of one group).
private protocol ContactGroupItems {
    func run(pairs: Range<Int>, singles: Range<Int>)
}

/// One group of a pass, as a stage for the workers.
private struct ContactGroupStage<Items: ContactGroupItems>: WorkerStage {
    let items: Items, group: ContactSchedule.Group

    func run(_ range: Range<Int>) {
        let (pairs, singles) = group.split(range)
        items.run(pairs: pairs, singles: singles)
    }
}

/// The warm start of a group's items.
private struct WarmStartItems: ContactGroupItems {
    let pairs: UnsafeMutablePointer<ContactConstraintPair>?, singles: UnsafeBufferPointer<Int32>
    let base: UnsafeMutablePointer<ContactConstraint>, sb: UnsafeMutablePointer<BodyState>
    /// The static bodies' one state (the last), never stored.
    let shared: UnsafeMutablePointer<BodyState>

    @inline(__always) func run(pairs pairItems: Range<Int>, singles singleItems: Range<Int>) {
        for i in pairItems {
            let p = pairs! + i
            let sa0 = sb + Int(p.pointee.indexA0), sb0 = sb + Int(p.pointee.indexB0)
            let sa1 = sb + Int(p.pointee.indexA1), sb1 = sb + Int(p.pointee.indexB1)
            var a = LaneBody(sa0, sa1), b = LaneBody(sb0, sb1)
            p.pointee.warmStart(p.pointee.p0, &a, &b)
            if p.pointee.twoPoints { p.pointee.warmStart(p.pointee.p1, &a, &b) }
            a.store(sa0, sa1, except: shared)
            b.store(sb0, sb1, except: shared)
        }
        for i in singleItems { warmStartContact(base + Int(singles[i]), sb, shared) }
    }
}

/// What a contact solve pass reads from the step's constants, for one contact and, repeated in
/// both lanes, for a pair. Made once a step: made per pass, it cost small worlds more than a
/// contact's solve.
struct ContactSolveConstants {
    let contactSoftness: Softness, staticSoftness: Softness
    let invH: Double, maxPushSpeed: Double
    let laneContactSoftness: LaneSoftness, laneStaticSoftness: LaneSoftness
    let laneInvH: Lanes, laneMinBias: Lanes

    init(_ ctx: StepContext) {
        contactSoftness = ctx.contactSoftness; staticSoftness = ctx.staticSoftness
        invH = ctx.invH; maxPushSpeed = ctx.maxContactPushSpeed
        laneContactSoftness = LaneSoftness(contactSoftness); laneStaticSoftness = LaneSoftness(staticSoftness)
        laneInvH = Lanes(repeating: invH); laneMinBias = Lanes(repeating: -maxPushSpeed)
    }
}

/// One solve pass over a group's items.
private struct SolveItems<Kind: ContactPassKind>: ContactGroupItems {
    let pairs: UnsafeMutablePointer<ContactConstraintPair>?, singles: UnsafeBufferPointer<Int32>
    let base: UnsafeMutablePointer<ContactConstraint>, sb: UnsafeMutablePointer<BodyState>
    /// The static bodies' one state (the last), never stored.
    let shared: UnsafeMutablePointer<BodyState>
    let constants: ContactSolveConstants

    @inline(__always) func run(pairs pairItems: Range<Int>, singles singleItems: Range<Int>) {
        let useBias = Kind.useBias
        for i in pairItems {
            pairs![i].solve(sb, shared, constants.laneContactSoftness, constants.laneStaticSoftness, constants.laneInvH,
                            constants.laneMinBias, useBias: useBias, withFriction: Kind.pairFriction)
        }
        for i in singleItems { solveContact(base + Int(singles[i]), sb, shared, constants, useBias: useBias) }
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
