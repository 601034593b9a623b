local M = {}
function M.half(x) return x / 2 end
return M
