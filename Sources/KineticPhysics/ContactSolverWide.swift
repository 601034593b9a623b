// Contacts solved several at a time, one per SIMD lane, from a lane-wide copy of their
// constraints (Box2D v3 contact_solver.c, b2ContactConstraintSIMD). Each colour's contacts with the
// same point count are bundled once per step; a bundle's constants and impulses sit side by side in
// one `ContactConstraintBundle`, so the substeps load them whole instead of gathering structures
// field by field. Only body velocities are gathered and scattered per lane.
//
// The contacts of a bundle touch different bodies, so solving them together is the same as solving
// them one after the other; every lane repeats the scalar solve's operations in the same order (same
// products, sums, max and min), so the numbers are bit for bit those of `solveContact`, for any lane
// count. Contacts left without a full bundle, and the overflow group, are solved one at a time from
// `ContactConstraint`.

#if KINETIC_AVX2
/// Four contacts per bundle: a build for CPUs with 256-bit vectors (Package.swift, KINETIC_AVX2).
typealias Lanes = SIMD4<Double>
typealias LaneIndices = SIMD4<Int32>
#else
/// Two contacts per bundle: SSE2, which every x86-64 CPU has, holds two `Double`s.
typealias Lanes = SIMD2<Double>
typealias LaneIndices = SIMD2<Int32>
#endif
typealias LaneMask = SIMDMask<Lanes.MaskStorage>

/// Swift.max(x, y) per lane: y when y ≥ x, else x.
@inline(__always) private func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// Swift.min(x, y) per lane: y when y < x, else x.
@inline(__always) private func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// Writes lane `lane` of the vector at `v` by a raw store of that one scalar (`setLane`).
@inline(__always) private func storeLane<V: SIMD>(_ v: UnsafeMutablePointer<V>, _ lane: Int, _ x: V.Scalar) {
    UnsafeMutableRawPointer(v).storeBytes(of: x, toByteOffset: lane &* MemoryLayout<V.Scalar>.stride, as: V.Scalar.self)
}

/// One point of the contacts of a bundle, a lane each.
struct LanePoint {
    var rAx = Lanes(), rAy = Lanes(), rBx = Lanes(), rBy = Lanes()
    var baseSeparation = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()

    /// Sets lane `lane` of the point at `point` from one prepared constraint point, by raw stores
    /// (`ContactConstraintBundle.setLane`).
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

/// Contacts of one colour with the same point count, one per lane, prepared straight into their
/// lanes (`setLane`). Kept compact: every substep streams the whole array three times (warm start,
/// solve, relax).
struct ContactConstraintBundle {
    /// Solver indices of the bodies, per lane.
    var indexA = LaneIndices(), indexB = LaneIndices()
    /// The contacts the lanes solve, to store their impulses after the substeps.
    var contact = LaneIndices()
    var twoPoints = false
    /// Lanes against a static or kinematic body: the stiffer static softness applies.
    var isStaticPair = LaneMask()
    var nx = Lanes(), ny = Lanes()
    var friction = Lanes()
    var mA = Lanes(), iA = Lanes(), mB = Lanes(), iB = Lanes()
    var p0 = LanePoint(), p1 = LanePoint()
    /// Two-point friction: the tangent mass at the centre of the anchors.
    var centralTangentMass = Lanes()

    /// Sets lane `lane` of the bundle at `bundle` from a prepared constraint with the bundle's point
    /// count. Only that lane's memory is written, by raw stores of its scalars, and the bundle is
    /// never accessed as a whole: the contacts of the other lanes may be prepared on other threads at
    /// the same time.
    @inline(__always) static func setLane(_ lane: Int, of bundle: UnsafeMutablePointer<ContactConstraintBundle>, _ c: ContactConstraint) {
        storeLane(bundle.pointer(to: \.indexA)!, lane, c.indexA); storeLane(bundle.pointer(to: \.indexB)!, lane, c.indexB)
        storeLane(bundle.pointer(to: \.contact)!, lane, c.contact)
        UnsafeMutableRawPointer(bundle.pointer(to: \.isStaticPair)!)
            .storeBytes(of: c.isStaticPair ? -1 : 0, toByteOffset: lane &* MemoryLayout<Lanes.MaskStorage.Scalar>.stride,
                        as: Lanes.MaskStorage.Scalar.self)
        storeLane(bundle.pointer(to: \.nx)!, lane, c.normal.x); storeLane(bundle.pointer(to: \.ny)!, lane, c.normal.y)
        storeLane(bundle.pointer(to: \.friction)!, lane, c.friction)
        storeLane(bundle.pointer(to: \.mA)!, lane, c.mA); storeLane(bundle.pointer(to: \.iA)!, lane, c.iA)
        storeLane(bundle.pointer(to: \.mB)!, lane, c.mB); storeLane(bundle.pointer(to: \.iB)!, lane, c.iB)
        LanePoint.setLane(lane, of: bundle.pointer(to: \.p0)!, c.p0)
        if bundle.pointer(to: \.twoPoints)!.pointee {
            LanePoint.setLane(lane, of: bundle.pointer(to: \.p1)!, c.p1)
            storeLane(bundle.pointer(to: \.centralTangentMass)!, lane, c.centralTangentMass)
        }
    }

    /// Every lane's contact `isFrictionless` (ContactSolver.swift), read back from the lanes.
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
    var vx: Lanes, vy: Lanes, w: Lanes

    /// Gathers the velocities of the states `index` of `sb`, one per lane.
    @inline(__always) init(_ sb: UnsafeMutablePointer<BodyState>, _ index: LaneIndices) {
        vx = Lanes(); vy = Lanes(); w = Lanes()
        for lane in 0..<Lanes.scalarCount {
            let s = sb + Int(index[lane])
            vx[lane] = s.pointee.v.x; vy[lane] = s.pointee.v.y; w[lane] = s.pointee.w
        }
    }

    /// Stores every lane, except into `shared`, the one state of every static body: its velocity
    /// stays zero (zero inverse mass), and contacts solved side by side on the workers share it.
    @inline(__always) func store(_ sb: UnsafeMutablePointer<BodyState>, _ index: LaneIndices, except shared: Int32) {
        for lane in 0..<Lanes.scalarCount where index[lane] != shared {
            let s = sb + Int(index[lane])
            s.pointee.v = Vec2(vx[lane], vy[lane]); s.pointee.w = w[lane]
        }
    }
}

/// The position terms of the bodies a bundle's lanes solve: B's displacement less A's, and the
/// sines of both turns.
private struct LaneMotion {
    var dpx = Lanes(), dpy = Lanes(), dqAs = Lanes(), dqBs = Lanes()

    @inline(__always) init(_ sb: UnsafeMutablePointer<BodyState>, _ indexA: LaneIndices, _ indexB: LaneIndices) {
        for lane in 0..<Lanes.scalarCount {
            let a = sb + Int(indexA[lane]), b = sb + Int(indexB[lane])
            dpx[lane] = b.pointee.dp.x - a.pointee.dp.x; dpy[lane] = b.pointee.dp.y - a.pointee.dp.y
            dqAs[lane] = a.pointee.dq.s; dqBs[lane] = b.pointee.dq.s
        }
    }
}

/// What every point of a bundle's lanes shares, loaded once per solve: the normal and the bodies'
/// inverse masses. The points are read and written through their pointers, never copied whole.
private struct LaneTerms {
    let nx: Lanes, ny: Lanes, mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes

    @inline(__always) init(_ bundle: UnsafeMutablePointer<ContactConstraintBundle>) {
        nx = bundle.pointee.nx; ny = bundle.pointee.ny
        mA = bundle.pointee.mA; iA = bundle.pointee.iA; mB = bundle.pointee.mB; iB = bundle.pointee.iB
    }

    /// Applies the impulse (px, py) at anchors rA, rB: A loses it, B gains it (scalar order).
    @inline(__always) func apply(_ px: Lanes, _ py: Lanes, _ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                                 _ a: inout LaneBody, _ b: inout LaneBody) {
        a.vx = a.vx - mA * px; a.vy = a.vy - mA * py
        a.w = a.w - iA * (rAx * py - rAy * px)
        b.vx = b.vx + mB * px; b.vy = b.vy + mB * py
        b.w = b.w + iB * (rBx * py - rBy * px)
    }

    /// Velocity of B's anchor relative to A's: b.v + cross(b.w, rB) − a.v − cross(a.w, rA).
    @inline(__always) func relativeVelocity(_ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                                            _ a: LaneBody, _ b: LaneBody) -> (Lanes, Lanes) {
        let dvx = ((b.vx + (-b.w) * rBy) - a.vx) - (-a.w) * rAy
        let dvy = ((b.vy + b.w * rBx) - a.vy) - a.w * rAx
        return (dvx, dvy)
    }

    /// `warmStartContact` for one point of every lane: P = λn·n + λt·t.
    @inline(__always) func warmStart(_ p: UnsafeMutablePointer<LanePoint>, _ a: inout LaneBody, _ b: inout LaneBody) {
        let tx = ny, ty = -nx
        let normalImpulse = p.pointee.normalImpulse, tangentImpulse = p.pointee.tangentImpulse
        let px = normalImpulse * nx + tangentImpulse * tx
        let py = normalImpulse * ny + tangentImpulse * ty
        a.w = a.w - iA * (p.pointee.rAx * py - p.pointee.rAy * px)
        a.vx = a.vx - mA * px; a.vy = a.vy - mA * py
        b.w = b.w + iB * (p.pointee.rBx * py - p.pointee.rBy * px)
        b.vx = b.vx + mB * px; b.vy = b.vy + mB * py
    }

    /// `solveNormal` for one point of every lane.
    @inline(__always) func solveNormal(_ p: UnsafeMutablePointer<LanePoint>, _ m: LaneMotion, _ soft: LaneSoftness,
                                       _ invH: Lanes, _ minBias: Lanes, useBias: Bool, _ a: inout LaneBody, _ b: inout LaneBody) {
        let rAx = p.pointee.rAx, rAy = p.pointee.rAy, rBx = p.pointee.rBx, rBy = p.pointee.rBy
        // currentSeparation: dot(dp, n) + dqB.s·cross(rB, n) − dqA.s·cross(rA, n) + base.
        let s = (((m.dpx * nx + m.dpy * ny) + m.dqBs * (rBx * ny - rBy * nx)) - m.dqAs * (rAx * ny - rAy * nx)) + p.pointee.baseSeparation
        let speculative = s .> 0
        var velocityBias = Lanes(repeating: 0), massScale = Lanes(repeating: 1), impulseScale = Lanes(repeating: 0)
        velocityBias.replace(with: s * invH, where: speculative)
        if useBias {
            let touching = .!speculative
            velocityBias.replace(with: laneMax(soft.biasRate * s, minBias), where: touching)
            massScale.replace(with: soft.massScale, where: touching)
            impulseScale.replace(with: soft.impulseScale, where: touching)
        }
        let (dvx, dvy) = relativeVelocity(rAx, rAy, rBx, rBy, a, b)
        let vn = dvx * nx + dvy * ny
        let oldImpulse = p.pointee.normalImpulse
        var impulse = ((-p.pointee.normalMass) * massScale) * (vn + velocityBias) - impulseScale * oldImpulse
        let newImpulse = laneMax(oldImpulse + impulse, Lanes(repeating: 0))
        impulse = newImpulse - oldImpulse
        p.pointee.normalImpulse = newImpulse
        p.pointee.maxNormalImpulse = laneMax(p.pointee.maxNormalImpulse, impulse)
        apply(impulse * nx, impulse * ny, rAx, rAy, rBx, rBy, &a, &b)
    }
}

extension ContactConstraintBundle {
    /// `solveContact` for every lane of the bundle at `bundle`: normal points one after the other, then
    /// friction unless `withFriction` is false (every bundle of the step `isFrictionless`).
    @inline(__always) fileprivate static func solve(_ bundle: UnsafeMutablePointer<ContactConstraintBundle>,
                                                    _ sb: UnsafeMutablePointer<BodyState>, _ shared: Int32,
                                                    _ contactSoftness: LaneSoftness, _ staticSoftness: LaneSoftness,
                                                    _ invH: Lanes, _ minBias: Lanes, useBias: Bool, withFriction: Bool) {
        let indexA = bundle.pointee.indexA, indexB = bundle.pointee.indexB
        var a = LaneBody(sb, indexA), b = LaneBody(sb, indexB)
        let m = LaneMotion(sb, indexA, indexB)
        let t = LaneTerms(bundle)
        let twoPoints = bundle.pointee.twoPoints
        let p0 = bundle.pointer(to: \.p0)!, p1 = bundle.pointer(to: \.p1)!

        let soft = contactSoftness.replacing(with: staticSoftness, where: bundle.pointee.isStaticPair)
        t.solveNormal(p0, m, soft, invH, minBias, useBias: useBias, &a, &b)
        if twoPoints { t.solveNormal(p1, m, soft, invH, minBias, useBias: useBias, &a, &b) }

        // Tangent = normal.rightPerp = (ny, −nx).
        let tx = t.ny, ty = -t.nx
        let friction = bundle.pointee.friction
        if !withFriction {
            // No friction impulse (see ContactConstraint.isFrictionless).
        } else if twoPoints {
            // solveCentralFriction: one impulse at the centre of the anchors, split evenly.
            let half = Lanes(repeating: 0.5)
            let rAcx = half * (p0.pointee.rAx + p1.pointee.rAx), rAcy = half * (p0.pointee.rAy + p1.pointee.rAy)
            let rBcx = half * (p0.pointee.rBx + p1.pointee.rBx), rBcy = half * (p0.pointee.rBy + p1.pointee.rBy)
            let (dvx, dvy) = t.relativeVelocity(rAcx, rAcy, rBcx, rBcy, a, b)
            let vt = dvx * tx + dvy * ty
            let old = p0.pointee.tangentImpulse + p1.pointee.tangentImpulse
            let maxFriction = friction * (p0.pointee.normalImpulse + p1.pointee.normalImpulse)
            let total = laneMin(laneMax(old - vt * bundle.pointee.centralTangentMass, -maxFriction), maxFriction)
            let impulse = total - old
            let split = half * total
            p0.pointee.tangentImpulse = split; p1.pointee.tangentImpulse = split
            t.apply(impulse * tx, impulse * ty, rAcx, rAcy, rBcx, rBcy, &a, &b)
        } else {
            // solveFriction at the single point.
            let rAx = p0.pointee.rAx, rAy = p0.pointee.rAy, rBx = p0.pointee.rBx, rBy = p0.pointee.rBy
            let (dvx, dvy) = t.relativeVelocity(rAx, rAy, rBx, rBy, a, b)
            let vt = dvx * tx + dvy * ty
            let oldImpulse = p0.pointee.tangentImpulse
            var impulse = (-p0.pointee.tangentMass) * vt
            let maxFriction = friction * p0.pointee.normalImpulse
            let newImpulse = laneMin(laneMax(oldImpulse + impulse, -maxFriction), maxFriction)
            impulse = newImpulse - oldImpulse
            p0.pointee.tangentImpulse = newImpulse
            t.apply(impulse * tx, impulse * ty, rAx, rAy, rBx, rBy, &a, &b)
        }
        a.store(sb, indexA, except: shared)
        b.store(sb, indexB, except: shared)
    }
}

/// What the schedule bundles a contact's constraint by, kept per constraint in a compact list of its
/// own: the first stage of the preparation writes it in contact order, and in the 272-byte
/// constraints every write was a cache miss.
struct PairingInput {
    var pointCount = 0
    /// Compared with last step's only: a contact whose restitution changes is prepared whole.
    var restitution = 0.0
}

/// The step's contact constraints in solve order: per colour its bundles, then the contacts left
/// without a full bundle; the overflow group last, one at a time. Built from the constraints' point
/// counts before they are prepared, so a bundled contact is prepared straight into its lane.
struct ContactSchedule {
    /// The bundles and singles of one colour (or of the overflow group, which has no bundles).
    struct Group {
        var bundleStart: Int32, bundleEnd: Int32, singleStart: Int32, singleEnd: Int32
        /// The overflow group: its contacts may share bodies, so one thread solves them in order.
        var isOverflow = false

        /// Bundles then singles, as one range of items for the workers.
        var itemCount: Int { Int(bundleEnd - bundleStart) + Int(singleEnd - singleStart) }

        /// The group's bundles and singles, as indices into the schedule's lists.
        var bundles: Range<Int> { Int(bundleStart)..<Int(bundleEnd) }
        var singles: Range<Int> { Int(singleStart)..<Int(singleEnd) }

        /// A range of the group's items (bundles then singles) as indices into the schedule's bundles
        /// and into its singles.
        @inline(__always) func split(_ items: Range<Int>) -> (bundles: Range<Int>, singles: Range<Int>) {
            let bundleCount = Int(bundleEnd - bundleStart)
            let bundleItems = items.clamped(to: 0..<bundleCount)
            let singleItems = items.clamped(to: bundleCount..<Swift.max(bundleCount, items.upperBound))
            return (bundleItems.lowerBound + Int(bundleStart) ..< bundleItems.upperBound + Int(bundleStart),
                    singleItems.lowerBound - bundleCount + Int(singleStart) ..< singleItems.upperBound - bundleCount + Int(singleStart))
        }
    }
    /// The first `bundleCount` are this step's.
    let bundles = ScratchList<ContactConstraintBundle>()
    var bundleCount = 0
    /// Every bundled contact of this step `isFrictionless`: the passes leave out the bundles' friction
    /// solve. Set after the contacts are prepared.
    var bundlesFrictionless = true
    /// Constraint indices solved one at a time: each colour's unbundled contacts, then the overflow group.
    let singles = ScratchList<Int32>()
    /// The colours with a contact this step, in order, then the overflow group if it has any: a small
    /// world uses two or three of the 16 colours, and stepping over the empty ones in every pass cost
    /// more than its contacts.
    let groups = ScratchList<Group>()
    /// Per constraint, where it is solved: bundle × `Lanes.scalarCount` + lane, or −1 when it is
    /// solved alone.
    let lanes = ScratchList<Int32>()

    /// Bundles each colour's contacts of equal point count in constraint order, from each
    /// constraint's `PairingInput`. `colorStarts` as `World.colorStarts`: the constraints are in
    /// colour order.
    mutating func build(_ inputs: UnsafeBufferPointer<PairingInput>, _ colorStarts: UnsafeBufferPointer<Int32>) {
        singles.clear()
        groups.clear()
        bundleCount = 0
        lanes.resize(to: inputs.count, filler: -1)
        guard let base = inputs.baseAddress, colorStarts.count == Tuning.graphColorCount + 2 else { return }
        let overflow = Int(colorStarts[Tuning.graphColorCount])..<Int(colorStarts[Tuning.graphColorCount + 1])
        // Room for the most singles a step can have: fewer than a bundle of each point count per
        // colour, and the overflow group. Grown as needed, a warm step would allocate.
        singles.reserveCapacity(min(inputs.count, 2 * (Lanes.scalarCount - 1) * Tuning.graphColorCount + overflow.count))
        // At most one bundle per `Lanes.scalarCount` constraints; grown, never shrunk, and filled
        // in place.
        let most = inputs.count / Lanes.scalarCount
        if bundles.count < most { bundles.resize(to: most, filler: ContactConstraintBundle()) }
        let pb = bundles.buffer, lanes = self.lanes.buffer
        var count = 0
        /// The constraints of one point count waiting for a full bundle.
        struct Pending { var index = LaneIndices(), count = 0 }
        /// Adds constraint `i` to `pending`, and bundles them as bundle `count` when they fill one.
        @inline(__always) func add(_ i: Int, _ pending: inout Pending) {
            pending.index[pending.count] = Int32(i)
            pending.count += 1
            guard pending.count == Lanes.scalarCount else { return }
            pb[count].twoPoints = base[i].pointCount > 1
            for lane in 0..<Lanes.scalarCount { lanes[Int(pending.index[lane])] = Int32(count * Lanes.scalarCount + lane) }
            count += 1
            pending.count = 0
        }
        for k in 0..<Tuning.graphColorCount where colorStarts[k] < colorStarts[k + 1] {
            let bundleStart = Int32(count), singleStart = Int32(singles.count)
            var pendingOne = Pending(), pendingTwo = Pending()
            for i in Int(colorStarts[k])..<Int(colorStarts[k + 1]) {
                lanes[i] = -1
                if base[i].pointCount > 1 { add(i, &pendingTwo) } else { add(i, &pendingOne) }
            }
            for lane in 0..<pendingOne.count { singles.append(pendingOne.index[lane]) }
            for lane in 0..<pendingTwo.count { singles.append(pendingTwo.index[lane]) }
            groups.append(Group(bundleStart: bundleStart, bundleEnd: Int32(count), singleStart: singleStart, singleEnd: Int32(singles.count)))
        }
        bundleCount = count
        if !overflow.isEmpty {
            let singleStart = Int32(singles.count)
            for i in overflow { lanes[i] = -1; singles.append(Int32(i)) }
            groups.append(Group(bundleStart: 0, bundleEnd: 0, singleStart: singleStart, singleEnd: Int32(singles.count), isOverflow: true))
        }
    }

    /// The schedule as pointers, for the stages after the preparation (the substeps, the bounce
    /// exchange, the impulse store). Valid until the next `build`.
    @inline(__always) var passes: ContactPasses {
        ContactPasses(bundles: bundles.buffer.baseAddress, bundleCount: bundleCount, bundlesFrictionless: bundlesFrictionless,
                      groups: UnsafeBufferPointer(groups.buffer), singles: UnsafeBufferPointer(singles.buffer),
                      lanes: UnsafeBufferPointer(lanes.buffer))
    }
}

extension ContactPasses {
    /// The restitution stage reads and changes a bouncing contact's impulses in its constraint
    /// (`v.restitutionList`); a bundled one's are in its lane during the substeps. `toConstraints`:
    /// lanes to constraints before the stage; else constraints to lanes after it, for the store.
    func exchangeBouncingImpulses(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                                  toConstraints: Bool) {
        guard let bundles else { return }
        for k32 in list {
            let k = Int(k32), code = Int(lanes[k])
            guard code >= 0 else { continue }
            let lane = code % Lanes.scalarCount
            let bundle = bundles + code / Lanes.scalarCount
            exchange(&cs[k].p0, &bundle.pointee.p0, lane, toConstraints)
            if cs[k].pointCount > 1 { exchange(&cs[k].p1, &bundle.pointee.p1, lane, toConstraints) }
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

/// Copies the bundles' final impulses into their contacts' manifolds (Step/Finalize.swift stores the
/// singles'); each bundle writes its own contacts, so blocks run on the workers.
struct StoreBundleImpulses: WorkerStage {
    let bundles: UnsafePointer<ContactConstraintBundle>, contacts: UnsafeMutablePointer<ContactData>

    @inline(__always) func run(_ range: Range<Int>) {
        for i in range {
            let p = bundles + i
            for lane in 0..<Lanes.scalarCount {
                let m = contacts + Int(p.pointee.contact[lane])
                p.pointee.p0.storeImpulses(&m.pointee.manifold.point0, lane: lane)
                if p.pointee.twoPoints { p.pointee.p1.storeImpulses(&m.pointee.manifold.point1, lane: lane) }
            }
        }
    }
}

/// A step's `ContactSchedule` as pointers, for the passes of its substeps (`ContactSchedule.passes`).
struct ContactPasses {
    /// This step's bundles (nil when there are none).
    let bundles: UnsafeMutablePointer<ContactConstraintBundle>?
    let bundleCount: Int
    let bundlesFrictionless: Bool
    let groups: UnsafeBufferPointer<ContactSchedule.Group>
    let singles: UnsafeBufferPointer<Int32>
    /// Per constraint, its bundle and lane (bundle × `Lanes.scalarCount` + lane), or −1 when it is
    /// solved on its own.
    let lanes: UnsafeBufferPointer<Int32>

    /// Calls `body` with the solver indices of the bodies of every contact solved this step, and
    /// whether it is against a static or kinematic body: the singles' from their constraints, the
    /// bundled ones' from their lanes (their constraints are written only when they bounce).
    func forEachContact(_ cs: UnsafeMutableBufferPointer<ContactConstraint>,
                        _ body: (_ indexA: Int32, _ indexB: Int32, _ isStaticPair: Bool) -> Void) {
        for k in singles { body(cs[Int(k)].indexA, cs[Int(k)].indexB, cs[Int(k)].isStaticPair) }
        guard let bundles else { return }
        for i in 0..<bundleCount {
            let p = bundles[i]
            for lane in 0..<Lanes.scalarCount { body(p.indexA[lane], p.indexB[lane], p.isStaticPair[lane]) }
        }
    }

    /// Scales the accumulated impulses of every contact solved this step, by `scale(indexA, indexB)`
    /// (the joints' warm start check, Safeguards/WarmStartEnergyLimit.swift): the singles' in their
    /// constraints, the bundled ones' in their lanes.
    func scaleImpulses(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ scale: (Int32, Int32) -> Double) {
        for k in singles {
            let s = scale(cs[Int(k)].indexA, cs[Int(k)].indexB)
            if s != 1 { cs[Int(k)].scaleImpulses(by: s) }
        }
        guard let bundles else { return }
        for i in 0..<bundleCount {
            let p = bundles + i
            var s = Lanes()
            for lane in 0..<Lanes.scalarCount { s[lane] = scale(p.pointee.indexA[lane], p.pointee.indexB[lane]) }
            if s == Lanes(repeating: 1) { continue }
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
        forEachGroup(WarmStartItems(bundles: bundles, singles: singles, base: base, sb: sb, shared: Int32(states.count - 1)), workers)
    }

    /// One Gauss-Seidel pass over the contacts, colour by colour: normal (soft when `useBias`) then
    /// friction; a colour's blocks on the workers.
    func solve(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
               _ constants: ContactSolveConstants, useBias: Bool, _ workers: Workers) {
        switch (useBias, bundlesFrictionless) {
        case (true, false): solvePass(BiasedPass.self, cs, states, constants, workers)
        case (true, true): solvePass(BiasedFrictionlessPass.self, cs, states, constants, workers)
        case (false, false): solvePass(RelaxPass.self, cs, states, constants, workers)
        case (false, true): solvePass(RelaxFrictionlessPass.self, cs, states, constants, workers)
        }
    }

    /// Specialised for each pass kind (its flags are constants there). Left to the optimiser, with the
    /// flags as arguments, one pass was inlined and the other tested `useBias` at run time, and a
    /// per-bundle friction test cost frictional bundles a fifth more instructions in register spills.
    @inline(never)
    private func solvePass<Kind: ContactPassKind>(_ kind: Kind.Type, _ cs: UnsafeMutableBufferPointer<ContactConstraint>,
                                                  _ states: UnsafeMutableBufferPointer<BodyState>,
                                                  _ constants: ContactSolveConstants, _ workers: Workers) {
        guard let base = cs.baseAddress, let sb = states.baseAddress else { return }
        forEachGroup(SolveItems<Kind>(bundles: bundles, singles: singles, base: base, sb: sb, shared: Int32(states.count - 1),
                                      constants: constants), workers)
    }

    /// Runs `items` over every group in order. On one thread, or with too few contacts for any
    /// colour to fill two blocks, one loop with `items` built once: a stage per group copied the
    /// pass's pointers and constants for every group of every pass. On the workers, a group's blocks
    /// run side by side; the overflow group is one block.
    @inline(__always) private func forEachGroup<Items: ContactGroupItems>(_ items: Items, _ workers: Workers) {
        if workers.count == 1 || bundleCount + singles.count < 2 * ContactPasses.minimumBlock {
            for g in groups { items.run(bundles: g.bundles, singles: g.singles) }
        } else {
            for g in groups {
                workers.forEachRange(g.itemCount, minimum: g.isOverflow ? Int.max : ContactPasses.minimumBlock,
                                     ContactGroupStage(items: items, group: g))
            }
        }
    }
}

/// A pass's work over some of the schedule's bundles and singles (of one group).
private protocol ContactGroupItems {
    func run(bundles: Range<Int>, singles: Range<Int>)
}

/// One group of a pass, as a stage for the workers.
private struct ContactGroupStage<Items: ContactGroupItems>: WorkerStage {
    let items: Items, group: ContactSchedule.Group

    func run(_ range: Range<Int>) {
        let (bundles, singles) = group.split(range)
        items.run(bundles: bundles, singles: singles)
    }
}

/// The warm start of a group's items.
private struct WarmStartItems: ContactGroupItems {
    let bundles: UnsafeMutablePointer<ContactConstraintBundle>?, singles: UnsafeBufferPointer<Int32>
    let base: UnsafeMutablePointer<ContactConstraint>, sb: UnsafeMutablePointer<BodyState>
    /// The static bodies' one state (the last), never stored.
    let shared: Int32

    @inline(__always) func run(bundles bundleItems: Range<Int>, singles singleItems: Range<Int>) {
        for i in bundleItems {
            let p = bundles! + i
            var a = LaneBody(sb, p.pointee.indexA), b = LaneBody(sb, p.pointee.indexB)
            let t = LaneTerms(p)
            t.warmStart(p.pointer(to: \.p0)!, &a, &b)
            if p.pointee.twoPoints { t.warmStart(p.pointer(to: \.p1)!, &a, &b) }
            a.store(sb, p.pointee.indexA, except: shared)
            b.store(sb, p.pointee.indexB, except: shared)
        }
        for i in singleItems { warmStartContact(base + Int(singles[i]), sb, sb + Int(shared)) }
    }
}

/// What a contact solve pass reads from the step's constants, for one contact and, repeated in
/// every lane, for a bundle. Made once a step: made per pass, it cost small worlds more than a
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
    let bundles: UnsafeMutablePointer<ContactConstraintBundle>?, singles: UnsafeBufferPointer<Int32>
    let base: UnsafeMutablePointer<ContactConstraint>, sb: UnsafeMutablePointer<BodyState>
    /// The static bodies' one state (the last), never stored.
    let shared: Int32
    let constants: ContactSolveConstants

    @inline(__always) func run(bundles bundleItems: Range<Int>, singles singleItems: Range<Int>) {
        let useBias = Kind.useBias
        for i in bundleItems {
            ContactConstraintBundle.solve(bundles! + i, sb, shared, constants.laneContactSoftness, constants.laneStaticSoftness,
                                        constants.laneInvH, constants.laneMinBias, useBias: useBias, withFriction: Kind.bundleFriction)
        }
        for i in singleItems { solveContact(base + Int(singles[i]), sb, sb + Int(shared), constants, useBias: useBias) }
    }
}

/// The flags of a contact solve pass: `useBias` (the biased solve, else the relax pass) and
/// `bundleFriction` (false when every bundle of the step is frictionless).
protocol ContactPassKind {
    static var useBias: Bool { get }
    static var bundleFriction: Bool { get }
}

private enum BiasedPass: ContactPassKind {
    static var useBias: Bool { true }
    static var bundleFriction: Bool { true }
}

private enum BiasedFrictionlessPass: ContactPassKind {
    static var useBias: Bool { true }
    static var bundleFriction: Bool { false }
}

private enum RelaxPass: ContactPassKind {
    static var useBias: Bool { false }
    static var bundleFriction: Bool { true }
}

private enum RelaxFrictionlessPass: ContactPassKind {
    static var useBias: Bool { false }
    static var bundleFriction: Bool { false }
}
