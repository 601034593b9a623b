// The plain value a frame is drawn from. The binding layer fills it in from the world each frame;
// Render knows nothing of physics, Lua or windows. Units: points, radians, y down, clockwise angles.
// Points, sizes and rectangles are KineticGeometry's, re-exported for the renderers.

import Foundation
@_exported import KineticGeometry

/// Where the view looks in the world: the world point at the view's centre, and how large the world
/// appears (zoom 2 shows everything twice as large, so half as much of the world).
public struct SceneCamera: Sendable, Hashable {
    /// The world point shown at the centre of the view, points.
    public var center: Vec2
    /// View points per world point; above 0.
    public var zoom: Double

    /// A camera centred on `center` at `zoom`.
    public init(center: Vec2, zoom: Double = 1) {
        self.center = center
        self.zoom = zoom
    }

    /// The camera that shows the world unmoved in a view of `size`: the world's top-left corner at
    /// the view's, one point per point.
    public static func identity(for size: Size) -> SceneCamera {
        SceneCamera(center: Vec2(size.width / 2, size.height / 2))
    }

    /// The view point (points from the view's top-left corner) where the world point `p` is drawn
    /// in a view of `size`. Written so the identity camera gives `p` back bit for bit.
    public func viewPoint(_ p: Vec2, in size: Size) -> Vec2 {
        Vec2(p.x * zoom + (size.width / 2 - center.x * zoom), p.y * zoom + (size.height / 2 - center.y * zoom))
    }

    /// The world point drawn at the view point `p` in a view of `size` (the inverse of `viewPoint`).
    /// Written so the identity camera gives `p` back bit for bit (recorded pointer positions replay
    /// exactly in levels without a camera).
    public func worldPoint(_ p: Vec2, in size: Size) -> Vec2 {
        Vec2(p.x / zoom + (center.x - size.width / 2 / zoom), p.y / zoom + (center.y - size.height / 2 / zoom))
    }
}

/// Everything one frame shows: the items, the debug overlay, the HUD and an optional error banner.
public struct RenderScene: Sendable, Equatable {
    /// Size of the view (what the output shows), in points; output size is this × scale. Items and
    /// the debug overlay are in world points, seen through `camera`; the HUD is in view points.
    public var size: Size
    /// Where the view looks in the world; nil shows the world unmoved (`SceneCamera.identity`).
    public var camera: SceneCamera?
    /// Colour painted behind everything. A transparent background gives a transparent PNG.
    public var background: Color
    /// The items, drawn by ascending `z`; equal `z` keep their order in this array.
    public var items: [SceneItem]
    /// Collision outlines, attachments, contacts and field arrows (drawn only when enabled).
    public var debug: DebugOverlay
    /// Commands recorded from the level's `draw(world, canvas)`, drawn over items and debug overlay.
    public var hud: [HUDCommand]
    /// Text shown over everything, used for script errors; nil shows nothing.
    public var errorBanner: String?
    /// Where items will go (`kinetic render --ghosts`): one path of world points per item, drawn
    /// dotted over the items. Empty: none.
    public var ghosts: [[Vec2]] = []
    /// The window's timeline bar (shown while paused), drawn at the bottom over the HUD; nil shows
    /// none (always in `kinetic render`).
    public var timeline: TimelineBar?

    /// A scene of `size` points with nothing in it.
    public init(size: Size, camera: SceneCamera? = nil, background: Color = .white, items: [SceneItem] = [],
                debug: DebugOverlay = DebugOverlay(), hud: [HUDCommand] = [], errorBanner: String? = nil) {
        self.size = size
        self.camera = camera
        self.background = background
        self.items = items
        self.debug = debug
        self.hud = hud
        self.errorBanner = errorBanner
    }
}

// MARK: - Items

/// The outline of an item, in the item's own frame (origin at its centre, before rotation).
public indirect enum SceneShape: Sendable, Equatable {
    /// A rectangle of `size` points centred on the item, corners rounded by `cornerRadius` points.
    case rectangle(size: Size, cornerRadius: Double = 0)
    /// An ellipse inscribed in `size` points, centred on the item.
    case ellipse(size: Size)
    /// A polygon through `points`, relative to the item centre, in points.
    case polygon([Vec2])
    /// Several shapes rigidly joined (UIDynamicItemGroup); each part is offset from the item centre.
    case group([ShapePart])

    /// The axis-aligned bounds of the shape in the item's own frame (centre at the origin), points.
    public var localBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        switch self {
        case let .rectangle(size, _), let .ellipse(size):
            return (-size.width / 2, -size.height / 2, size.width / 2, size.height / 2)
        case let .polygon(points):
            guard let first = points.first else { return (0, 0, 0, 0) }
            var b = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
            for p in points {
                b = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
            }
            return b
        case let .group(parts):
            guard !parts.isEmpty else { return (0, 0, 0, 0) }
            var b = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            for part in parts {
                // Corners of the part's bounds, turned by its angle, bound it conservatively.
                let pb = part.shape.localBounds
                let c = cos(part.angle), s = sin(part.angle)
                for (x, y) in [(pb.minX, pb.minY), (pb.maxX, pb.minY), (pb.maxX, pb.maxY), (pb.minX, pb.maxY)] {
                    let px = part.offset.x + x * c - y * s, py = part.offset.y + x * s + y * c
                    b = (min(b.minX, px), min(b.minY, py), max(b.maxX, px), max(b.maxY, py))
                }
            }
            return b
        }
    }
}

/// One part of a group shape: a shape placed at `offset` from the item centre, turned by `angle`.
public struct ShapePart: Sendable, Equatable {
    /// The part's outline around its own centre (a nested group is allowed but unusual).
    public var shape: SceneShape
    /// Position of the part's centre relative to the item centre, points, in the item's frame.
    public var offset: Vec2
    /// Rotation of the part within the item, radians, clockwise.
    public var angle: Double

    /// A part of `shape` centred at `offset` from the item centre, turned by `angle` radians.
    public init(shape: SceneShape, offset: Vec2 = .zero, angle: Double = 0) {
        self.shape = shape
        self.offset = offset
        self.angle = angle
    }
}

/// One dynamic item as it should appear this frame.
public struct SceneItem: Sendable, Equatable {
    /// The binding's identifier for the item (stable across frames); not drawn.
    public var id: Int
    /// Outline in the item's own frame.
    public var shape: SceneShape
    /// The outline the item collides with, in its own frame, which the debug overlay draws; nil when
    /// it is `shape`. The two differ when an item is drawn unlike it collides (a square drawn round).
    public var collisionShape: SceneShape?
    /// Position of the item's centre, points.
    public var center: Vec2
    /// Rotation about the centre, radians, positive clockwise on screen.
    public var angle: Double
    /// Interior colour; nil leaves the interior empty.
    public var fill: Color?
    /// Outline colour; nil (or `strokeWidth` 0) draws no outline.
    public var stroke: Color?
    /// Outline width, points. Simple shapes stroke centred on the outline; groups stroke outside
    /// their union (so the seams between parts stay invisible).
    public var strokeWidth: Double
    /// Opacity of the whole item (fill, image, stroke and label together), 0...1.
    public var opacity: Double
    /// Absolute path of a PNG or JPEG stretched over the shape's bounds and turned with the item; a missing
    /// or unreadable file draws a magenta cross instead and warns once.
    public var image: String?
    /// Text centred on the item, turned with it.
    public var label: String?
    /// Colour of `label`.
    public var labelColor: Color
    /// Font size of `label`, points.
    public var labelSize: Double
    /// Draw order: higher draws later (on top); equal values keep `RenderScene.items` order.
    public var z: Double
    /// A hidden item is not drawn (its collision outline still is, in the debug overlay).
    public var hidden: Bool

    /// An item with UIKit-like defaults: grey fill, no stroke, opaque, z 0, visible.
    public init(id: Int, shape: SceneShape, collisionShape: SceneShape? = nil, center: Vec2, angle: Double = 0,
                fill: Color? = Color(red: 0.6, green: 0.6, blue: 0.6), stroke: Color? = nil,
                strokeWidth: Double = 1, opacity: Double = 1, image: String? = nil,
                label: String? = nil, labelColor: Color = .black, labelSize: Double = 14,
                z: Double = 0, hidden: Bool = false) {
        self.id = id
        self.shape = shape
        self.collisionShape = collisionShape
        self.center = center
        self.angle = angle
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.opacity = opacity
        self.image = image
        self.label = label
        self.labelColor = labelColor
        self.labelSize = labelSize
        self.z = z
        self.hidden = hidden
    }
}

// MARK: - Debug overlay

/// The kind of joint an attachment line stands for; decides its line style.
public enum AttachmentKind: String, Sendable, CaseIterable {
    /// Rigid distance (solid line).
    case distance
    /// Spring distance, frequency > 0 (zig-zag line).
    case spring
    /// Revolute pin (line and a ring at the anchor).
    case pin
    /// Weld (line and a square at the anchor).
    case fixed
    /// Rope, distance at most the length (dashed line).
    case limit
    /// Prismatic (line with a cross bar at each end).
    case sliding
    /// Snap behaviour towards its point (dashed line).
    case snap
}

/// One attachment in the debug overlay: a line between two anchor points, in scene points.
public struct DebugAttachment: Sendable, Equatable {
    /// Anchor on the first item (or the world anchor), points.
    public var anchorA: Vec2
    /// Anchor on the second item or in the world, points.
    public var anchorB: Vec2
    /// Joint kind.
    public var kind: AttachmentKind

    /// An attachment line from `anchorA` to `anchorB`.
    public init(anchorA: Vec2, anchorB: Vec2, kind: AttachmentKind = .distance) {
        self.anchorA = anchorA
        self.anchorB = anchorB
        self.kind = kind
    }
}

/// A vector anchored at a point: a field force sample or an item velocity.
public struct DebugArrow: Sendable, Equatable {
    /// Where the arrow starts, points.
    public var point: Vec2
    /// The vector (force or velocity), in its own units; the overlay scales it for display.
    public var vector: Vec2

    /// An arrow from `point` along `vector`.
    public init(point: Vec2, vector: Vec2) {
        self.point = point
        self.vector = vector
    }
}

/// What `world.debug = true` shows, drawn thinly over the items (UIKit's `debugEnabled`).
public struct DebugOverlay: Sendable, Equatable {
    /// Draw the overlay at all.
    public var enabled: Bool
    /// Outline every item's collision shape (`collisionShape`, else `shape`; hidden items included).
    public var showsCollisionOutlines: Bool
    /// Collision boundaries (including the reference bounds when in use) as polylines, points.
    public var boundaries: [[Vec2]]
    /// Attachment lines with anchor dots.
    public var attachments: [DebugAttachment]
    /// Contact points of touching pairs, points.
    public var contacts: [Vec2]
    /// Field samples (point, force). Arrows are scaled so the longest is `fieldArrowLength` points.
    public var fieldSamples: [DebugArrow]
    /// Longest field arrow drawn, points.
    public var fieldArrowLength: Double
    /// Item velocities (centre, pt/s), drawn as arrows `velocityScale` seconds long (0.1 s: 1000 pt/s → 100 pt).
    public var velocities: [DebugArrow]
    /// Seconds of travel a velocity arrow shows.
    public var velocityScale: Double

    /// An overlay, off unless `enabled`.
    public init(enabled: Bool = false, showsCollisionOutlines: Bool = true, boundaries: [[Vec2]] = [],
                attachments: [DebugAttachment] = [], contacts: [Vec2] = [],
                fieldSamples: [DebugArrow] = [], fieldArrowLength: Double = 20,
                velocities: [DebugArrow] = [], velocityScale: Double = 0.1) {
        self.enabled = enabled
        self.showsCollisionOutlines = showsCollisionOutlines
        self.boundaries = boundaries
        self.attachments = attachments
        self.contacts = contacts
        self.fieldSamples = fieldSamples
        self.fieldArrowLength = fieldArrowLength
        self.velocities = velocities
        self.velocityScale = velocityScale
    }
}

// MARK: - HUD

/// Horizontal alignment of HUD text relative to its x.
public enum TextAlign: String, Sendable, CaseIterable {
    /// Text starts at x.
    case left
    /// Text is centred on x.
    case center
    /// Text ends at x.
    case right
}

/// How `canvas:arc` closes its outline (LÖVE's ArcType).
public enum ArcType: String, Sendable, CaseIterable {
    /// A pie slice: the arc and two radii to the centre.
    case pie
    /// The arc alone; a fill closes it with a straight chord.
    case open
    /// The arc and the chord between its ends.
    case closed
}

/// One call recorded from Lua's `level.draw(world, canvas)`. Coordinates are view points (y down,
/// angles clockwise) under the transforms recorded before it: `push`, `translate`, `rotate`, `scale`.
public enum HUDCommand: Sendable, Equatable {
    /// `canvas:text(s, x, y, {size=, color=, align=, width=})`: `y` is the top of the first line; "\n"
    /// breaks lines. Without `width`, lines align on `x`; with it (LÖVE's printf), lines wrap at
    /// `width` points and align within `x`…`x + width`.
    case text(String, x: Double, y: Double, size: Double = 16, color: Color = .black, align: TextAlign = .left,
              width: Double? = nil)
    /// `canvas:rect(x, y, w, h, {fill=, stroke=, strokeWidth=, cornerRadius=})`: top-left corner and size.
    case rect(x: Double, y: Double, width: Double, height: Double, fill: Color?, stroke: Color?,
              strokeWidth: Double = 1, cornerRadius: Double = 0)
    /// `canvas:circle(x, y, r, {fill=, stroke=, strokeWidth=})`: centre and radius.
    case circle(x: Double, y: Double, radius: Double, fill: Color?, stroke: Color?, strokeWidth: Double = 1)
    /// `canvas:line(x1, y1, x2, y2, {color=, width=})`.
    case line(x1: Double, y1: Double, x2: Double, y2: Double, color: Color = .black, width: Double = 1)
    /// `canvas:polygon(points, {fill=, stroke=, strokeWidth=})`: a closed outline through `points`
    /// (filled with the non-zero winding rule, so any simple or self-crossing outline fills).
    case polygon([Vec2], fill: Color?, stroke: Color?, strokeWidth: Double = 1)
    /// `canvas:arc(x, y, r, from, to, {type=, fill=, stroke=, strokeWidth=})`: the arc of the circle
    /// about (`x`, `y`) from angle `from` to `to` (radians, clockwise from +x).
    case arc(x: Double, y: Double, radius: Double, from: Double, to: Double, type: ArcType = .pie,
             fill: Color?, stroke: Color?, strokeWidth: Double = 1)
    /// `canvas:image(path, x, y, {width=, height=, angle=, opacity=, source=})`: the image file at
    /// `path` (absolute, checked by the binding) with its top-left corner at (`x`, `y`), `width` ×
    /// `height` points (nil: the source's size in pixels), turned by `angle` about its centre. `source`
    /// is the part of the image drawn, in image pixels (a sprite sheet's frame); nil draws all of it.
    case image(path: String, x: Double, y: Double, width: Double?, height: Double?, angle: Double = 0,
               opacity: Double = 1, source: Rect? = nil)
    /// `canvas:push()`: saves the transform, until the matching `pop`. With `world`, the commands
    /// until then are in world points, seen through the scene's camera like the items.
    case push(world: Bool = false)
    /// `canvas:pop()`: restores the transform of the matching `push`.
    case pop
    /// `canvas:translate(x, y)`: moves the origin, points.
    case translate(x: Double, y: Double)
    /// `canvas:rotate(angle)`: turns the axes clockwise by `angle` radians about the origin.
    case rotate(Double)
    /// `canvas:scale(x [, y])`: stretches the axes.
    case scale(x: Double, y: Double)
}
