// Dynamics: UIKit Dynamics semantics (animator, items, behaviours, fields, regions) on top of the
// Physics engine, in UIKit's units. It knows nothing of Lua, drawing, windows or files.
//
// Start with `DynamicAnimator` (items, the behaviour tree, `step()`), then the behaviours:
// `GravityBehavior`, `CollisionBehavior`, `PushBehavior`, `SnapBehavior`, `AttachmentBehavior`,
// `DynamicItemBehavior`, `FieldBehavior` (with `Region`), `SensorBehavior`, all subclasses of
// `DynamicBehavior`. After a step, `collisionEvents` and `sensorEvents` hold what happened in it.
// Unit conversions live in `Units`; every semantic decision is listed in docs/semantics.md.
