// `Vec2` (with `dot`, `cross`, `lerp` and the rest) lives in KineticGeometry, the geometry every layer
// shares; re-exported so that `import KineticPhysics` is all an engine user writes.
@_exported import KineticGeometry
