// measure.js - appended (CSP removed) to a copy of a report by
// check-report.sh: after layout, record on <body> what a reader would see
// at this window width. data-viewport: the width; data-page-width: the
// document's scrollWidth; data-overflow: the elements whose right edge runs
// past the viewport and are not inside a scrolling container;
// data-matrix-y and data-coverage-y: where those sections start.
(function () {
	var vw = document.documentElement.clientWidth, out = [];
	function scrolls(el) {
		for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
			var ox = getComputedStyle(p).overflowX;
			if (ox === "auto" || ox === "scroll" || ox === "hidden")
				return true;
		}
		return false;
	}
	var all = document.body.getElementsByTagName("*");
	for (var i = 0; i < all.length; i++) {
		var el = all[i], rc = el.getBoundingClientRect();
		if (rc.width === 0 || rc.right <= vw + 1 || scrolls(el))
			continue;
		out.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
			 (el.className && el.className.baseVal === undefined && el.className ?
			  "." + el.className.split(" ").join(".") : "") +
			 " right=" + Math.round(rc.right));
	}
	function top(id) {
		var el = document.getElementById(id);
		return el ? String(Math.round(el.getBoundingClientRect().top + window.scrollY)) : "";
	}
	var b = document.body;
	b.setAttribute("data-viewport", String(vw));
	b.setAttribute("data-viewport-height", String(window.innerHeight));
	b.setAttribute("data-page-width", String(document.documentElement.scrollWidth));
	b.setAttribute("data-overflow", out.join("; "));
	b.setAttribute("data-matrix-y", top("matrix"));
	b.setAttribute("data-coverage-y", top("coverage"));
})();
