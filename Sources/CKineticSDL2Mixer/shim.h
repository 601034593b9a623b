// SDL2_mixer (Debian's libsdl2-mixer-dev): decodes WAV and Ogg Vorbis samples and mixes them on the
// SDL audio device. Mix_PlayChannel is a macro; this is its function form.
#include <SDL2/SDL.h>
#include <SDL2/SDL_mixer.h>

static inline int kinetic_Mix_PlayChannel(int channel, Mix_Chunk *chunk) {
    return Mix_PlayChannelTimed(channel, chunk, 0, -1);
}
