# fluid-sigma-noisy [pass]
# tier paper · m = t·n · 100 runs per point · seeds from salt 20261130, one per point · z = (mean − ODE) / se
# Redraw: gnuplot -e 'fmt="pdf"' claim-fluid-sigma-noisy.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-fluid-sigma-noisy.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,1530 enhanced font "Sans,19" linewidth 2.5
  set output "claim-fluid-sigma-noisy.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,5.10in enhanced font "Sans,6.5" linewidth 1
  set output "claim-fluid-sigma-noisy.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,1020 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-fluid-sigma-noisy.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,5.10in linewidth 1
  set output "claim-fluid-sigma-noisy-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'fluid-sigma-noisy [pass]' : 'fluid-sigma-noisy [pass]'
T_x = tex ? 'level i (s\_i: the fraction of bins with load $\geq$ i)' : 'level i (s\_i: the fraction of bins with load ≥ i)'
T_y = tex ? 'z of s\_i against the ODE' : 'z of s\_i against the ODE'
T_note0 = tex ? 'tier paper $\cdot$ m = t$\cdot$n $\cdot$ 100 runs per point' : 'tier paper · m = t·n · 100 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ z = (mean $-$ ODE) / se' : 'seeds from salt 20261130, one per point · z = (mean − ODE) / se'
T_s0 = tex ? 'n = 65536, $\sigma$ = 0.5, t = 1' : 'n = 65536, σ = 0.5, t = 1'
T_s1 = tex ? 'n = 65536, $\sigma$ = 0.5, t = 2' : 'n = 65536, σ = 0.5, t = 2'
T_s2 = tex ? 'n = 65536, $\sigma$ = 0.5, t = 4' : 'n = 65536, σ = 0.5, t = 4'
T_s3 = tex ? 'n = 65536, $\sigma$ = 1, t = 1' : 'n = 65536, σ = 1, t = 1'
T_s4 = tex ? 'n = 65536, $\sigma$ = 1, t = 2' : 'n = 65536, σ = 1, t = 2'
T_s5 = tex ? 'n = 65536, $\sigma$ = 1, t = 4' : 'n = 65536, σ = 1, t = 4'
T_s6 = tex ? 'n = 65536, $\sigma$ = 2, t = 1' : 'n = 65536, σ = 2, t = 1'
T_s7 = tex ? 'n = 65536, $\sigma$ = 2, t = 2' : 'n = 65536, σ = 2, t = 2'
T_s8 = tex ? 'n = 65536, $\sigma$ = 2, t = 4' : 'n = 65536, σ = 2, t = 4'
T_s9 = tex ? 'n = 1048576, $\sigma$ = 0.5, t = 1' : 'n = 1048576, σ = 0.5, t = 1'
T_s10 = tex ? 'n = 1048576, $\sigma$ = 0.5, t = 2' : 'n = 1048576, σ = 0.5, t = 2'
T_s11 = tex ? 'n = 1048576, $\sigma$ = 0.5, t = 4' : 'n = 1048576, σ = 0.5, t = 4'
T_s12 = tex ? 'n = 1048576, $\sigma$ = 1, t = 1' : 'n = 1048576, σ = 1, t = 1'
T_s13 = tex ? 'n = 1048576, $\sigma$ = 1, t = 2' : 'n = 1048576, σ = 1, t = 2'
T_s14 = tex ? 'n = 1048576, $\sigma$ = 1, t = 4' : 'n = 1048576, σ = 1, t = 4'
T_s15 = tex ? 'n = 1048576, $\sigma$ = 2, t = 1' : 'n = 1048576, σ = 2, t = 1'
T_s16 = tex ? 'n = 1048576, $\sigma$ = 2, t = 2' : 'n = 1048576, σ = 2, t = 2'
T_s17 = tex ? 'n = 1048576, $\sigma$ = 2, t = 4' : 'n = 1048576, σ = 2, t = 4'
T_s18 = tex ? '|z| = 1.96' : '|z| = 1.96'
T_s19 = tex ? '' : ''
T_s20 = tex ? '|z| = 3.89 (p = 0.0001)' : '|z| = 3.89 (p = 0.0001)'
T_s21 = tex ? '' : ''

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set xtics (1, 2, 3, 4, 5, 6, 7, 8, 9)
if (tex) { set format x '$%g$' } else { set format x '%g' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-fluid-sigma-noisy.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-fluid-sigma-noisy.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s1, \
  'claim-fluid-sigma-noisy.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 1 pt 13 ps P title T_s2, \
  'claim-fluid-sigma-noisy.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 1.2 dt 1 pt 11 ps P title T_s3, \
  'claim-fluid-sigma-noisy.dat' index 4 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 1.2 dt 1 pt 15 ps P title T_s4, \
  'claim-fluid-sigma-noisy.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 1.2 dt 1 pt 3 ps P title T_s5, \
  'claim-fluid-sigma-noisy.dat' index 6 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 4 pt 4 ps P title T_s6, \
  'claim-fluid-sigma-noisy.dat' index 7 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 4 pt 8 ps P title T_s7, \
  'claim-fluid-sigma-noisy.dat' index 8 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 4 pt 12 ps P title T_s8, \
  'claim-fluid-sigma-noisy.dat' index 9 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 1.2 dt 4 pt 10 ps P title T_s9, \
  'claim-fluid-sigma-noisy.dat' index 10 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 1.2 dt 4 pt 14 ps P title T_s10, \
  'claim-fluid-sigma-noisy.dat' index 11 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 1.2 dt 4 pt 1 ps P title T_s11, \
  'claim-fluid-sigma-noisy.dat' index 12 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 5 pt 4 ps P title T_s12, \
  'claim-fluid-sigma-noisy.dat' index 13 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 5 pt 8 ps P title T_s13, \
  'claim-fluid-sigma-noisy.dat' index 14 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 5 pt 12 ps P title T_s14, \
  'claim-fluid-sigma-noisy.dat' index 15 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 1.2 dt 5 pt 10 ps P title T_s15, \
  'claim-fluid-sigma-noisy.dat' index 16 using 1:2:3:4 with yerrorlines lc rgb '#56B4E9' lw 1.2 dt 5 pt 14 ps P title T_s16, \
  'claim-fluid-sigma-noisy.dat' index 17 using 1:2:3:4 with yerrorlines lc rgb '#CC79A7' lw 1.2 dt 5 pt 1 ps P title T_s17, \
  'claim-fluid-sigma-noisy.dat' index 18 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 title T_s18, \
  'claim-fluid-sigma-noisy.dat' index 19 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 notitle, \
  'claim-fluid-sigma-noisy.dat' index 20 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s20, \
  'claim-fluid-sigma-noisy.dat' index 21 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 notitle
