// Viewer
