// KineticGeometry: the one geometry vocabulary of every layer (`Vec2`, `Size`, `Rect`, in points,
// y down). A leaf with no dependency, so the physics engine, the UIKit layer, the Lua bridge and the
// frame description all speak it and nothing converts between them. Its types are `@frozen` and
// their operations `@inlinable`, so the physics step inlines them across the module boundary.
