// The constants of one step, derived from dt, the substep count and the world's definition; kept
// while dt and substeps stay the same.

/// Constants of one step.
struct StepContext {
    var dt = 0.0, invDt = 0.0
    /// Substep length and its inverse.
    var h = 0.0, invH = 0.0
    var substeps = 1
    var gravity = Vec2.zero
    var contactSoftness = Softness(), staticSoftness = Softness(), jointSoftness = Softness()
    var restitutionThreshold = 0.0
    var maxContactPushSpeed = 0.0
    var maxLinearSpeed = 0.0
    /// Largest angular speed, rad/s: `Tuning.maxRotationPerSubstep` per substep.
    var maxAngularSpeed = 0.0
}

extension World {
    func makeStepContext(dt: Double, substeps: Int) -> StepContext {
        var ctx = StepContext()
        ctx.dt = dt
        ctx.invDt = dt > 0 ? 1 / dt : 0
        ctx.substeps = Swift.max(1, substeps)
        ctx.h = dt / Double(ctx.substeps)
        ctx.invH = ctx.h > 0 ? 1 / ctx.h : 0
        ctx.gravity = def.gravity
        let contactHertz = Swift.min(def.contactHertz, Tuning.contactHertzPerSubstepRate * ctx.invH)
        ctx.contactSoftness = Softness(hertz: contactHertz, dampingRatio: def.contactDampingRatio, h: ctx.h)
        ctx.staticSoftness = Softness(hertz: Tuning.staticContactStiffening * contactHertz, dampingRatio: def.contactDampingRatio, h: ctx.h)
        ctx.jointSoftness = Softness(hertz: def.jointHertz, dampingRatio: def.jointDampingRatio, h: ctx.h)
        ctx.restitutionThreshold = def.restitutionThreshold
        ctx.maxContactPushSpeed = def.maxContactPushSpeed
        ctx.maxLinearSpeed = def.maximumLinearSpeed
        ctx.maxAngularSpeed = Tuning.maxRotationPerSubstep * ctx.invH
        return ctx
    }
}
