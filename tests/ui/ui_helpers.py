"""Helpers of the UI tests: posted mouse and key events through the real loop, and a face-renderer spy."""
import pygame

from tabletop.ui.table import TableScene


def post(app, etype, **kw):
    pygame.event.post(pygame.event.Event(etype, kw))
    app.step(1 / 60)


def click(app, pos, button=1):
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(1 / 60)   # the widgets' own events (UI_BUTTON_PRESSED) arrive one frame later


def drag(app, start, end):
    post(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        post(app, pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, pos=end, button=1)


def key(app, k, mod=0):
    post(app, pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def table(app, game, seats=(None, None)) -> TableScene:
    scene = app.push(TableScene(app, game, list(seats)))
    app.step(1 / 60)   # the first frame (a hotseat table's shows only its curtain)
    app.step(1 / 60)   # the side panel behind the curtain is built by the second
    return scene


def spots_in(scene, zone):
    return [s for s in scene.spots if s.zone == zone]


def zone_center(scene, key):
    return next(z for z in scene.zones if z.key == key).rect.center


def open_curtain(app, scene):
    assert scene.curtain is not None
    click(app, (800, 450))
    assert scene.curtain is None


class Recorder:
    """Wrap a face renderer and remember every card whose face the table asked for."""

    def __init__(self, inner):
        self.inner = inner
        self.aspect = inner.aspect
        self.faces = []
        self.backs = 0

    def face(self, card, width):
        self.faces.append(card.id)
        return self.inner.face(card, width)

    def back(self, width, back_id=None):
        self.backs += 1
        return self.inner.back(width, back_id=back_id)
