// The fonts Render draws with, loaded from DejaVu files by path through FreeType so that text looks
// the same on every machine regardless of fontconfig; Cairo's toy API is the fallback.

import CKineticCairo
import Foundation

/// The shared font faces (Cairo font faces, kept for the life of the process).
final class Typefaces: @unchecked Sendable {
    /// DejaVu Sans: labels and HUD text.
    let sans: OpaquePointer
    /// DejaVu Sans Mono: the error banner.
    let mono: OpaquePointer
    /// Whether `sans` came from a file (false: fontconfig's pick for "DejaVu Sans").
    let sansIsFromFile: Bool

    /// Loaded once; Cairo locks FreeType faces internally, so concurrent renderers may share them.
    static let shared = Typefaces()

    /// Folders searched for the DejaVu files (Debian/Ubuntu, Fedora/Arch, Homebrew, macOS user fonts).
    static let searchFolders = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/share/fonts/TTF",
        "/usr/local/share/fonts",
        "/opt/homebrew/share/fonts",
        NSHomeDirectory() + "/Library/Fonts",
    ]

    private init() {
        // The FreeType library lives as long as the faces, i.e. for the process.
        var library: FT_Library?
        let libraryReady = FT_Init_FreeType(&library) == 0
        func load(_ file: String, fallbackFamily: String) -> (OpaquePointer, Bool) {
            if libraryReady, let library {
                for folder in Typefaces.searchFolders {
                    let path = folder + "/" + file
                    guard FileManager.default.fileExists(atPath: path) else { continue }
                    var face: FT_Face?
                    if FT_New_Face(library, path, 0, &face) == 0, let face,
                       let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0),
                       cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS {
                        return (cairoFace, true)
                    }
                }
            }
            return (cairo_toy_font_face_create(fallbackFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL), false)
        }
        (sans, sansIsFromFile) = load("DejaVuSans.ttf", fallbackFamily: "DejaVu Sans")
        (mono, _) = load("DejaVuSansMono.ttf", fallbackFamily: "DejaVu Sans Mono")
    }
}
