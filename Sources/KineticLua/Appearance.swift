// How an item looks: kept per item in this layer (Dynamics knows only geometry and motion).
import KineticScene

/// An item's appearance, with the defaults `world:addItem` gives.
struct Appearance {
    /// Interior colour; nil leaves it empty. Default grey (#999999), but none under an image
    /// (`drawnFill`): a transparent corner of a sprite shows what is behind the item.
    var fill: Color? = Color(red: 0.6, green: 0.6, blue: 0.6) { didSet { fillGiven = true } }
    /// The level set `fill` (in the definition or later).
    private(set) var fillGiven = false
    /// The fill drawn (and read as `item.fill`): the default grey only on an item without an image.
    var drawnFill: Color? { image != nil && !fillGiven ? nil : fill }
    /// Outline colour; nil draws none.
    var stroke: Color?
    /// Outline width, points.
    var strokeWidth = 1.0
    /// Corner radius of rectangle items, points.
    var cornerRadius = 0.0
    /// 0 (invisible) … 1 (opaque).
    var opacity = 1.0
    /// PNG or JPEG path relative to the level folder.
    var image: String?
    /// Text centred on the item.
    var label: String?
    var labelColor = Color.black
    /// Label font size, points.
    var labelSize = 14.0
    /// Draw order: higher on top.
    var z = 0.0
    var hidden = false
}
