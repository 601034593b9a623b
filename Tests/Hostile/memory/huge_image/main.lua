-- hostile: an item image of 16000 × 16000 pixels in a PNG of a few hundred KB (1 GB once decoded)
-- setup: python3 -c "import zlib,struct;w=h=16000;c=lambda t,d:struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d));z=zlib.compressobj(9);row=bytes(w+1);data=b''.join(z.compress(row) for _ in range(h))+z.flush();open('huge_image/huge.png','wb').write(b'\x89PNG\r\n\x1a\n'+c(b'IHDR',struct.pack('>IIBBBBB',w,h,8,0,0,0,0))+c(b'IDAT',data)+c(b'IEND',b''))"
-- run: render {level} -o frame.png --at 0
-- exit: 0
-- stderr: huge.png' is not drawn: it is 16000 × 16000 pixels, more than the 16777216 (4096 × 4096) an image may have
-- check: test -s frame.png
-- timeout: 60
local level = {}

function level.load(world)
  world:addItem{ name = "poster", frame = { 100, 100, 200, 200 }, image = "huge.png" }
end

return level
