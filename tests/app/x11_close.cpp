// x11_close.cpp — closes a window gracefully, as a window manager's close button does (WM_DELETE_WINDOW).
//
// Usage: attnlab_x11_close WINDOW_ID   (decimal or 0x hex, e.g. from `xdotool search --name AttnLab`)
// The app then ends its frame loop and saves settings.json; xdotool's windowclose would destroy
// the window under it instead.
#include <X11/Xlib.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s WINDOW_ID\n", argv[0]);
        return 2;
    }
    Display* dpy = XOpenDisplay(nullptr);
    if (dpy == nullptr) {
        std::fprintf(stderr, "x11_close: cannot open display\n");
        return 1;
    }
    XEvent ev{};
    ev.xclient.type = ClientMessage;
    ev.xclient.window = Window(std::strtoul(argv[1], nullptr, 0));
    ev.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", False);
    ev.xclient.format = 32;
    ev.xclient.data.l[0] = long(XInternAtom(dpy, "WM_DELETE_WINDOW", False));
    ev.xclient.data.l[1] = CurrentTime;
    XSendEvent(dpy, ev.xclient.window, False, NoEventMask, &ev);
    XCloseDisplay(dpy);
    return 0;
}
