-- hostile: a canvas sprite whose JPEG header declares 16000 × 16000 pixels (1 GB once decoded), drawn every frame
-- setup: python3 -c "open('huge_jpeg/huge.jpg','wb').write(bytes([0xFF,0xD8,0xFF,0xC0,0x00,0x11,0x08,0x3E,0x80,0x3E,0x80,0x03,1,0x22,0,2,0x11,1,3,0x11,1])+bytes(4096))"
-- run: render {level} -o frame.png --at 0
-- exit: 0
-- stderr: huge.jpg' is not drawn: it is 16000 × 16000 pixels, more than the 16777216 (4096 × 4096) an image may have
-- check: test -s frame.png
-- timeout: 60
local level = {}

function level.load(world) end

function level.draw(world, canvas)
  canvas:image("huge.jpg", 0, 0, { source = { 0, 0, 16000, 16000 } })
end

return level
