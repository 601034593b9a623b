// SCENES.md (c) joint_grid: Box2D v3's benchmark net of 100 × 100 pinned circles hanging from 7 anchors.
import KineticPhysics

/// An N × N grid of circles 1 m apart, each joined to its upper and left neighbour by a revolute
/// joint; seven bodies in the middle of the top row are static anchors. No contacts: the circles
/// never collide with each other. N = 100 gives 9993 dynamic bodies and 19794 joints.
public struct JointGrid: BenchmarkScene {
    public static let name = "joint_grid"
    public let warmUpSteps = 10
    public let timedSteps = 500
    /// SCENES.md's N.
    public static let publishedSize = 100

    /// One joint as created, for the anchor-gap figure: body indices into `grid` and local anchors (pt).
    struct Link {
        var a: Int
        var b: Int
        var anchorA: Vec2
        var anchorB: Vec2
    }

    public let world: World
    public let size: Int
    /// Every body, column by column (index k·N + i for column k, row i).
    public let grid: [BodyID]
    /// The dynamic bodies in creation order.
    public let dynamicBodies: [BodyID]
    /// Joints created (both bodies static are left out).
    public let jointCount: Int
    let links: [Link]

    /// Builds the grid of `size` × `size` bodies (SCENES.md: 100; at least 8 so the anchors fit).
    public init(size: Int = publishedSize, safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        guard size >= 8 else { throw PhysicsError("joint grid size must be at least 8, got \(size)") }
        self.size = size
        world = World(SceneUnits.worldDef(safeguards: safeguards, workers: workers))

        var shapeDef = SceneUnits.shapeDef(friction: 0.6)
        // Category 2, mask all but 2: the circles never touch each other.
        shapeDef.filter = Filter(categoryBits: 2, maskBits: ~UInt64(2))
        let circle = SceneUnits.circle(0.4)

        var grid: [BodyID] = []
        var dynamic: [BodyID] = []
        var isStatic: [Bool] = []
        var records: [Link] = []
        grid.reserveCapacity(size * size)
        isStatic.reserveCapacity(size * size)
        records.reserveCapacity(2 * size * size)
        // Anchors are y-up meters in SCENES.md: (0, −0.5) on the upper body is +50 pt on screen.
        let below = SceneUnits.point(0, -0.5), above = SceneUnits.point(0, 0.5)
        let right = SceneUnits.point(0.5, 0), left = SceneUnits.point(-0.5, 0)
        for k in 0..<size {
            for i in 0..<size {
                let anchored = i == 0 && k >= size / 2 - 3 && k <= size / 2 + 3
                var def = BodyDef()
                def.type = anchored ? .static : .dynamic
                def.position = SceneUnits.point(Double(k), -Double(i))
                let body = try world.createBody(def)
                _ = try world.createShape(on: body, shapeDef, circle)
                grid.append(body)
                isStatic.append(anchored)
                if !anchored { dynamic.append(body) }
                if i > 0 { records.append(Link(a: k * size + i - 1, b: k * size + i, anchorA: below, anchorB: above)) }
                if k > 0 { records.append(Link(a: (k - 1) * size + i, b: k * size + i, anchorA: right, anchorB: left)) }
            }
        }
        // Joints between two static anchors do nothing (and some engines refuse them): left out.
        let links = records.filter { !(isStatic[$0.a] && isStatic[$0.b]) }
        for link in links {
            var def = RevoluteJointDef()
            def.bodyA = grid[link.a]
            def.bodyB = grid[link.b]
            def.localAnchorA = link.anchorA
            def.localAnchorB = link.anchorB
            _ = try world.createJoint(.revolute(def))
        }
        self.grid = grid
        self.links = links
        dynamicBodies = dynamic
        jointCount = links.count
    }

    /// SCENES.md's sanity figures for the net, in meters.
    public struct Figures: Hashable, Sendable {
        /// Joints created (19794 for N = 100).
        public var joints: Int
        /// Lowest and mean y of the dynamic bodies, m.
        public var minY: Double
        public var meanY: Double
        /// Largest distance between a joint's two world anchor points, m (0 when every joint holds).
        public var maxGap: Double
    }

    public func figures() -> Figures {
        var result = Figures(joints: jointCount, minY: .infinity, meanY: 0, maxGap: 0)
        var sumY = 0.0
        for body in dynamicBodies {
            let y = SceneUnits.meters(world.position(of: body)).y
            result.minY = min(result.minY, y)
            sumY += y
        }
        result.meanY = sumY / Double(dynamicBodies.count)
        // From the bodies' transforms and the anchors as created, as the peers compute it.
        for link in links {
            let pa = world.transform(of: grid[link.a]).apply(link.anchorA)
            let pb = world.transform(of: grid[link.b]).apply(link.anchorB)
            result.maxGap = max(result.maxGap, distance(pa, pb) / SceneUnits.pointsPerMeter)
        }
        return result
    }

    /// `joints:…,min_y:…,mean_y:…,max_gap:…`.
    public func sanity() -> String {
        let f = figures()
        return "joints:\(f.joints),min_y:\(format("%.3f", f.minY)),mean_y:\(format("%.3f", f.meanY))"
            + ",max_gap:\(format("%.4f", f.maxGap))"
    }
}
