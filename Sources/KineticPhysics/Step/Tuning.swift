// The solver's and the safeguards' constants, each with why it has its value. Tolerances Box2D
// states in meters are given in meters here and scaled by `WorldDef.lengthUnitsPerMeter`. The
// world's settings a level may change (stiffness, damping, speeds) are `WorldDef`'s, not these.

enum Tuning {
    // MARK: Box2D v3's (core.h, constants.h, solver.c)

    /// Contact slop, m: how far soft contacts rest inside each other (B2_LINEAR_SLOP).
    static let linearSlopMeters = 0.005
    /// Speculative distance in slops: contacts start this far apart (B2_SPECULATIVE_DISTANCE).
    static let speculativeDistanceInSlops = 4.0
    /// Margin of the broad phase's fat boxes, m (B2_AABB_MARGIN).
    static let aabbMarginMeters = 0.1
    /// Largest turn per substep, radians: a quarter turn (B2_MAX_ROTATION), so a spin reads as a
    /// rotation and not its alias.
    static let maxRotationPerSubstep = 0.25 * Double.pi
    /// Contacts stiffer than this fraction of the substep rate ring (Box2D caps the same way).
    static let contactHertzPerSubstepRate = 0.25
    /// Contacts against static and kinematic bodies are this much stiffer (Box2D staticSoftness).
    static let staticContactStiffening = 2.0
    /// A body slower than this, m/s, at its farthest point, counts toward sleep (b2BodyDef.sleepThreshold).
    static let sleepSpeedMeters = 0.05
    /// Seconds a whole island must stay that slow before it sleeps (b2_timeToSleep).
    static let timeToSleep = 0.5
    /// A body that travels more than this fraction of its smallest extent in a step is swept by
    /// continuous collision (b2FinalizeBodies' safety factor).
    static let continuousTravelFraction = 0.5
    /// Colours of the constraint graph before contacts spill into the overflow group. A box in a
    /// stack has up to six touching neighbours; Box2D v3 uses 24.
    static let graphColorCount = 16

    // MARK: Kinetic's (joints)

    /// A rigid point joint corrects its drift no faster than this fraction of the linear speed cap:
    /// far anchors on spinning bodies drift hundreds of points per substep, and a faster correction
    /// left velocity the relax pass did not take back. A tighter cap kept falling hinges awake.
    static let jointBiasSpeedFraction = 0.25

    // MARK: Kinetic's (restitution, Step/Restitution.swift)

    /// Most passes of the bounce solve. One pass overshoots where a body bounces on several points
    /// at once; four still left bodies landing on three shapes faster than they came; sixteen converge.
    static let restitutionPasses = 16
    /// The bounce solve has converged when a pass changes no impulse by more than this fraction of
    /// it (rounding is below it).
    static let restitutionConvergence = 1e-9

    // MARK: Kinetic's safeguards (Safeguards/README.md)

    /// warmStartEnergyLimit: a joint whose anchor lies more than this many radii of gyration from
    /// a body's centre gets its island's warm start checked. Below it one pass undoes a wrong warm
    /// start, and nets such as joint_grid need their warm start whole while the solve converges.
    static let leverLimit = 10.0
    /// impactPropagation: at most this many passes along a row of touching bodies (and at most
    /// 2 × the impact contacts + 2), so a ring of elastic bodies cannot loop forever.
    static let maxImpactPasses = 64
    /// staticPushOut: a shape may sink this fraction of its smallest extent into a static shape
    /// before it is pushed out (soft contacts do not reach it in ordinary scenes)…
    static let pushOutDepthFraction = 0.25
    /// …but at least this many slops, which soft contacts rest at…
    static let pushOutMinimumDepthInSlops = 2.0
    /// …and never half its extent, where its centroid would be past a thin segment.
    static let pushOutMaximumDepthFraction = 0.5
    /// staticPushOut: a manifold normal within 30° of the step's start normal (cos 30°) is the same
    /// face; beyond it the body touches a corner and is pushed along the start normal.
    static let pushOutSameFaceCosine = 0.866

    // MARK: Kinetic's (one-way shapes, OneWay.swift)

    /// A one-way shape's contact acts while its normal is within 45° of the shape's direction
    /// (cos 45°). Box2D's platformer sample takes 18° for its flat platform; 45° also holds items on
    /// one-way slopes up to 45° and on a corner they land on within 45° of the top, and is the bound
    /// a level's `began` already tells a landing by (`normal.y > 0.7`). Sides (90°) never act.
    static let oneWayCosine = 0.5.squareRoot()
    /// A shape that was passing through a one-way shape is held again only once it is no deeper
    /// than this many slops (a shape resting on the face sits about one slop deep, so an item
    /// walking on from a floor level with the face is held)…
    static let oneWayReleaseDepthInSlops = 2.0
    /// …and is not leaving the face faster than this many slops per second (1 pt/s at 100 pt per
    /// metre): an item rising out through the top is not held until its jump turns.
    static let oneWayLeavingSpeedInSlops = 2.0
}
