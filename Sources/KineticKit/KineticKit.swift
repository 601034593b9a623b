// One import for a Swift program that hosts Kinetic levels: load, step, feed input, play in real
// time, draw, and the UIKit Dynamics engine underneath. KineticPhysics stays out: hosts go through
// KineticDynamics (docs/architecture.md), and a program that wants the bare engine imports it itself.
@_exported import KineticDynamics
@_exported import KineticLua
@_exported import KineticPlayer
@_exported import KineticRender
