#!/usr/bin/env python3
"""Writes the HTML parser benchmark's page: a long Something Awful-style thread page (40 posts,
about 300 KB, windows-1252 bytes), written from scratch in the shape the real pages have (divs in
<head>, inline scripts, post tables with unclosed <p>, unquoted attributes, quotes, smilies, the
quick-reply form), from a fixed seed so every run parses the same bytes.
Usage: thread-page.py OUT_FILE [POSTS]"""
import random
import sys

out_path = sys.argv[1]
posts = int(sys.argv[2]) if len(sys.argv) > 2 else 40
rng = random.Random(20240612)

WORDS = ("the thread post goon forum reply quote lol actually honestly anyway patch game build "
         "server update thanks mods image link code list first second great probably people "
         "which because really think something awful every time never always").split()
USERS = ["Goon %d" % n for n in range(60)]
SMILIES = ["v", "argh", "cheers", "eng101", "allears", "golfclap", "hmmyes", "psyduck", "science"]


def words(low, high):
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))
    # Curly apostrophes and dashes, as windows-1252 bytes on the wire.
    return text.replace(" think ", " don\u2019t think ").replace(" anyway ", " \u2013 anyway ")


def sentence():
    parts = []
    for word in words(6, 22).split(" "):
        roll = rng.random()
        if roll < 0.04:
            word = "<b>%s</b>" % word
        elif roll < 0.07:
            word = "<i>%s</i>" % word
        elif roll < 0.09:
            word = ('<a href="https://example.com/%s?id=%d&amp;ref=sa" target="_blank" rel="nofollow">%s</a>'
                    % (word, rng.randint(1, 99999), word))
        elif roll < 0.10:
            smilie = rng.choice(SMILIES)
            word = ('<img src="https://i.example.com/forumsystem/emoticons/emot-%s.gif" alt="" class="smilie" '
                    'title=":%s:">' % (smilie, smilie))
        parts.append(word)
    return " ".join(parts) + rng.choice([".", "!", "?", "..."])


def post_body(post_id):
    blocks = []
    if rng.random() < 0.4:
        quoted = rng.choice(USERS)
        blocks.append('<div class="bbc-block"><h4><a class="quote_link" href="/showthread.php?goto=post&postid=%d#post%d" '
                      'rel="nofollow">%s posted:</a></h4><blockquote>\n%s<br />\n</blockquote></div>\n\n<br />'
                      % (post_id - 17, post_id - 17, quoted, " ".join(sentence() for _ in range(rng.randint(1, 4)))))
    for _ in range(rng.randint(6, 15)):
        blocks.append(" ".join(sentence() for _ in range(rng.randint(1, 5))) + "<br />\n<br />")
    if rng.random() < 0.2:
        blocks.append('<img src="https://i.example.com/%08x.jpg" alt="" class="img" border="0">' % rng.getrandbits(32))
    if rng.random() < 0.15:
        code = "\n".join("    if (x &lt; %d) { y = x &amp;&amp; z; }" % n for n in range(rng.randint(3, 12)))
        blocks.append('<div class="bbc-block code"><h5>code:</h5><pre>%s</pre></div>' % code)
    if rng.random() < 0.2:
        blocks.append('<ul><li>%s<li>%s<li>%s</ul>' % (words(2, 6), words(2, 6), words(2, 6)))
    return "\n".join(blocks)


def post(index, post_id):
    user = rng.choice(USERS)
    user_id = 100000 + USERS.index(user) * 37
    seen = "seen%d" % (index % 2 + 1)
    edited = ('<p class="editedby"><span>%s fucked around with this message at %02d:%02d on Mar %d, 2024</span>'
              % (user, rng.randint(0, 23), rng.randint(0, 59), rng.randint(1, 28)) if rng.random() < 0.2
              else '<p class="editedby">')
    return f"""<table class="post " id="post{post_id}" data-idx="{index}">
<tr class="{seen}" id="pti{index}">
\t<td class="userinfo userid-{user_id}">
\t\t<dl class="userinfo">
\t\t\t<dt class="author" title="">{user}</dt>
\t\t\t<dd class="registered">Nov {rng.randint(1, 28)}, 20{rng.randint(4, 20):02d}</dd>
\t\t\t<dd class="title">
\t\t\t\t<img src="https://fi.example.com/customtitles/title-{user_id}.gif"><br>{words(2, 8)}<br>
\t\t\t\t<br class="pb">
\t\t\t</dd>
\t\t</dl>
\t</td>
\t<td class="postbody">
\t\t<!-- google_ad_section_start -->
\t\t{post_body(post_id)}
\t\t<!-- google_ad_section_end -->


\t\t{edited}
\t</td>
</tr>
<tr class="{seen}">
\t<td class=postdate>
\t\t<a class="lastseen_icon" href="/showthread.php?action=setseen&amp;threadid=3500001&amp;index={index}" title="Mark all replies as read to this point"><img src="https://fi.example.com/style/posticon-seen.gif" alt="" border=0></a>
\t\t<a href="#post{post_id}" title="Link to this post">#</a>
\t\t<a class="user_jump" title="Show posts by this user" href="/showthread.php?threadid=3500001&amp;userid={user_id}">?</a>
\t\tMar {rng.randint(1, 28)}, 2024 {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}
\t</td>
\t<td class="postlinks">
\t\t<ul class="profilelinks">
\t\t\t<li><a href="member.php?action=getinfo&amp;userid={user_id}">Profile</a>
\t\t\t<li><a href="private.php?action=newmessage&amp;userid={user_id}">Message</a>
\t\t\t<li><a href="search.php?action=do_search_posthistory&amp;userid={user_id}">Post History</a>
\t\t</ul>
\t\t<ul class="postbuttons">
\t\t\t<li class="alertbutton"><a href="modalert.php?postid={post_id}&amp;username={user}"><img src="https://fi.example.com/images/button-report.gif" alt="Alert Moderators"></a>&nbsp;&nbsp;</li>
\t\t\t<li><a href="newreply.php?action=newreply&amp;postid={post_id}"><img src="https://fi.example.com/images/sa-quote.gif" alt="Quote" title=""></a></li>
\t\t</ul>
\t</td>
</tr>
</table>"""


def navigation():
    items = ["SA Forums", "Something Awful", "Search the Forums", "User Control Panel", "Private Messages",
             "Forum Rules", "SAclopedia", "Posting Gloryhole", "Leper's Colony", "Support", "Log Out"]
    return '<ul class="navigation">\n' + "\n".join(
        '<li%s><a href="/page%d.php">%s</a></li>' % (' class="first"' if n == 0 else "", n, item)
        for n, item in enumerate(items)) + "\n</ul>"


def pages():
    return '<div class="pages top">Pages (12): ' + " ".join(
        '<a href="showthread.php?threadid=3500001&amp;pagenumber=%d" title="Page %d">%d</a>' % (n, n, n)
        for n in range(1, 13)) + ' <a href="showthread.php?threadid=3500001&amp;pagenumber=5" title="Previous page">&lt;</a></div>'


script = "\n".join("var slot%d = googletag.defineSlot('/1016402/slot%d', [160, 600]); if (a < b && c > d) {}" % (n, n)
                   for n in range(30))
first_post = 400000000 + rng.randint(0, 99999)
html = f"""<!DOCTYPE html>
<html>
<head>
\t<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
\t<title>A thread about things - The Something Awful Forums</title>
\t<link rel="stylesheet" type="text/css" href="/css/main.css?1359594161">
\t<link rel="stylesheet" type="text/css" href="/css/bbcode.css?1348360344">
\t<script type="text/javascript" src="/js/vb/forums.combined.js?1359653372"></script>
\t<script type="text/javascript">
{script}
\t</script>
\t<div id="loggedinusername">Goon 1</div>
\t<div id="platnoads"></div>
</head>
<body id="something_awful" class="showthread forum_44">
<div id="globalmenu"><ul><li class="first"><a href="https://store.example.com/">Buy Forum Stuff</a><li><a href="/">Something Awful</a></ul></div>
<div id="container">
{navigation()}
<div id="content">
<div class="breadcrumbs"><span class="mainbodytextlarge"><b><a href="/">The Something Awful Forums</a> &gt; <a href="forumdisplay.php?forumid=44">Games</a> &gt; <a href="showthread.php?threadid=3500001">A thread about things</a></b></span></div>
{pages()}
<div id="thread">
{"".join(post(n + 1, first_post + n * 911) for n in range(posts))}
</div>
{pages()}
<form name=vbform action="newreply.php" method=POST enctype="multipart/form-data">
<input type=hidden name=action value=postreply>
<input type=hidden name=threadid value=3500001>
<input type=hidden name=formkey value=0253d85a945b60daa0165f718df82b8a>
<input type=hidden name=form_cookie value=096c3f7090dd>
<table class="standard" id="quickreply"><tr><td><textarea name="message" rows=10 cols=60></textarea>
<tr><td><input type=checkbox name=parseurl value=yes checked> Automatically parse URLs
<input type=submit name=submit value="Submit Reply"></table>
</form>
</div>
{navigation()}
</div>
</body>
</html>
"""
with open(out_path, "wb") as out:
    out.write(html.encode("cp1252"))
